#!/usr/bin/env python3
# Prints "WALL_SECONDS MAX_RSS_KB PEAK_ANON_KB CPU_SECONDS" of one run of a
# command (used by peers.sh and longrun.sh); CPU_SECONDS is user + system time,
# which a shared machine's load changes far less than the wall time. Peak RSS
# counts the program's code and shared libraries too (about 2.6 MB for
# grundy's static build and for ogsolve, before any value is computed);
# the anonymous memory (RssAnon, sampled every 5 ms: heap, stacks, the table)
# is what the computation itself holds.
#
# Usage: measure.py [--stdout FILE] CMD ARGS... (output to FILE, else discarded)
import subprocess, sys, tempfile, time
out = tempfile.NamedTemporaryFile(mode="r")
args, sink = sys.argv[1:], subprocess.DEVNULL
if args[0] == "--stdout":
    sink, args = open(args[1], "wb"), args[2:]
start = time.monotonic()
# /usr/bin/time reports the program's own peak RSS (the fork of this Python
# process before exec would count in its rusage); the program is its child.
p = subprocess.Popen(["/usr/bin/time", "-f", "%M %U %S", "-o", out.name] + args,
                     stdout=sink, stderr=subprocess.DEVNULL)
anon, child = 0, None
while p.poll() is None:
    try:
        if child is None:
            kids = open(f"/proc/{p.pid}/task/{p.pid}/children").read().split()
            child = kids[0] if kids else None
        if child is not None:
            with open(f"/proc/{child}/status") as f:
                for line in f:
                    if line.startswith("RssAnon:"):
                        anon = max(anon, int(line.split()[1]))
    except (OSError, IndexError):
        pass
    time.sleep(0.005)
wall = time.monotonic() - start
rss, user, system = out.read().split()[-3:]
print(f"{wall:.2f} {int(rss)} {anon} {float(user) + float(system):.2f}")
