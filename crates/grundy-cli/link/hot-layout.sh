#!/usr/bin/env bash
# Regenerates crates/grundy-cli/link/hot.ld, the linker script that lays out
# the code and read-only data a long `grundy values` run uses side by side at
# the front of the static dist binary (see link/README.md for why).
#
#   crates/grundy-cli/link/hot-layout.sh     # Linux, glibc, x86-64; needs
#                                            # valgrind and perl; ~10 minutes
#
# What it does:
#   1. builds the static dist binary with a link map (in a temporary target
#      directory, so the normal build is untouched);
#   2. runs the workloads below under valgrind: cachegrind (which functions
#      run, at sizes where every engine path is taken) and lackey at small
#      sizes (which 64-byte lines of code and read-only data are read);
#   3. maps what was used to the linker's input sections (from the link map)
#      and writes one output section for the code and one for the read-only
#      data, inserted before .text and .rodata.
# Functions are listed twice: by their exact name, then with the hash in the
# name replaced by a wildcard, so that a script generated for one toolchain or
# one version of the code still groups the same functions under another —
# and a function it no longer names is merely laid out as before.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=crates/grundy-cli/link/hot.ld

host=$(rustc -vV | sed -n 's/^host: //p')
case $host in
  x86_64-*-linux-gnu) ;;
  *) echo "hot-layout.sh: the layout is for x86_64 Linux with glibc (host: $host)" >&2; exit 1 ;;
esac
for tool in valgrind perl nm; do
  command -v $tool >/dev/null || { echo "hot-layout.sh: needs $tool" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "building the static dist binary with a link map ..." >&2
GRUNDY_HOT_LAYOUT=0 RUSTFLAGS="-C target-feature=+crt-static -C link-arg=-Wl,-Map=$tmp/map" \
  cargo build --profile dist --quiet -p grundy-cli --target "$host" --target-dir "$tmp/target"
bin=$tmp/target/$host/dist/grundy

# The runs a long computation is made of: every game of benches/peers.sh, on
# one and two threads, writing values to a file. Sizes for cachegrind are
# large enough for each game's engine paths (rare/common, pipelined and block
# steps) to run; lackey traces every access, so it gets the small sizes.
workloads_large="0.6:65536 0.007:32768 0.106:262144 0.16:262144 0.167:262144 grundy-game:131072"
workloads_small="0.6:4096 0.106:16384 grundy-game:4096"
i=0
for threads in 1 2; do
  for w in $workloads_large; do
    echo "cachegrind: values ${w%%:*} --to ${w##*:} --threads $threads" >&2
    valgrind --tool=cachegrind --cache-sim=no --demangle=no \
      --cachegrind-out-file="$tmp/cg.$((i++))" \
      "$bin" values "${w%%:*}" --to "${w##*:}" --threads $threads --quiet --output "$tmp/values.bin" \
      >/dev/null 2>&1
  done
  for w in $workloads_small; do
    echo "lackey: values ${w%%:*} --to ${w##*:} --threads $threads" >&2
    # lackey writes "I addr,size" for instructions and " L addr,size" for
    # loads; keep the distinct 64-byte lines (offsets in the image are worked
    # out below, from where _start was loaded).
    valgrind --tool=lackey --trace-mem=yes --log-fd=9 \
      "$bin" values "${w%%:*}" --to "${w##*:}" --threads $threads --quiet --output "$tmp/values.bin" \
      9>&1 >/dev/null 2>/dev/null |
      perl -ne 'print "$1\n" if /^(?:I| [LM]) +([0-9a-f]+)/ && !$seen{hex($1) >> 6}++' \
      >"$tmp/lk.$((i++))"
  done
done

nm --defined-only "$bin" >"$tmp/nm"
echo "writing $out ..." >&2
perl - "$tmp" >"$out" <<'PERL'
use strict;
use warnings;
no warnings 'portable';    # stack addresses in lackey's trace are above 2^32
my $tmp = shift;

# Input sections of the image: [start, size, file, section], from the map.
my @sec;
open my $map, '<', "$tmp/map" or die;
while (<$map>) {
  next unless /^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s+(\S.*):\((\.(?:text|rodata)[^)]*)\)$/;
  my ($start, $size) = (hex $1, hex $2);
  push @sec, [$start, $size, $3, $4] if $start && $size;
}
@sec = sort { $a->[0] <=> $b->[0] } @sec;
sub section_at {
  my $at = shift;
  my ($lo, $hi) = (0, $#sec);
  while ($lo <= $hi) {
    my $mid = ($lo + $hi) >> 1;
    my $s = $sec[$mid];
    if ($at < $s->[0]) { $hi = $mid - 1 }
    elsif ($at >= $s->[0] + $s->[1]) { $lo = $mid + 1 }
    else { return $s }
  }
  return undef;
}

# Functions cachegrind saw run, by symbol, located through nm.
my %addr;
open my $nm, '<', "$tmp/nm" or die;
while (<$nm>) { $addr{$3} //= hex $1 if /^([0-9a-f]+) ([tTwWiI]) (\S+)$/ }
# A section's heat: its share of the instructions of each workload, summed
# over the workloads. The hottest come first, so that the inner loops of
# every engine lie in a few contiguous kilobytes and do not evict one another
# from the instruction caches.
my (%used, %heat);    # input section start -> section, heat
for my $f (glob "$tmp/cg.*") {
  open my $cg, '<', $f or die;
  my (%ir, $fn, $total);
  while (<$cg>) {
    if (/^fn=(.*)$/) { $fn = $1 }
    elsif (defined $fn && /^\d+ (\d+)$/) { $ir{$fn} += $1; $total += $1 }
  }
  next unless $total;
  for my $name (keys %ir) {
    next unless defined $addr{$name};
    my $s = section_at($addr{$name}) or next;
    $used{$s->[0]} = $s;
    $heat{$s->[0]} += $ir{$name} / $total;
  }
}
# Lines lackey saw read: the image was loaded where _start's offset says.
my $start_offset = $addr{_start};
die "no _start in the binary" unless defined $start_offset;
for my $f (glob "$tmp/lk.*") {
  open my $lk, '<', $f or die;
  chomp(my @lines = <$lk>);
  next unless @lines;
  my $base = hex($lines[0]) - $start_offset;    # the first one is _start
  for (@lines) {
    my $s = section_at(hex($_) - $base);
    $used{$s->[0]} = $s if $s;
  }
}

# One input-section pattern per used section, exact and with hashes as
# wildcards; C library members also bring their CPU-specific variants
# (memchr.o chooses among memchr-avx2.o, memchr-evex.o, ... at start-up).
my (%seen, @text_exact, @text_any, @ro_exact, @ro_any);
sub add { my ($list, $p) = @_; push @$list, $p unless $seen{$p}++ }
for my $s (sort { ($heat{$b->[0]} // 0) <=> ($heat{$a->[0]} // 0) || $a->[0] <=> $b->[0] } values %used) {
  my (undef, undef, $file, $name) = @$s;
  my $text = $name =~ /^\.text/;
  my ($exact, $any) = $text ? (\@text_exact, \@text_any) : (\@ro_exact, \@ro_any);
  if ($file =~ m{([^/(]+\.a)\(([^)]+)\)$}) {        # archive member
    my ($ar, $member) = ($1, $2);
    add($any, "*$ar:$member($name)");
    add($any, "*$ar:$1-*.o(.text .text.*)") if $text && $ar =~ /^libc/ && $member =~ /^([a-z_0-9]+)\.o$/;
  } elsif ($file =~ /\.rcgu\.o$/) {                 # Rust code
    add($exact, "*($name)");
    (my $wild = $name) =~ s/17h[0-9a-f]{16}E$/17h*/;
    $wild =~ s/Cs[0-9A-Za-z]+_/Cs*_/g;              # v0 crate disambiguators
    $wild =~ s/\.Lanon\.[0-9a-f]{32}\./.Lanon.*./;  # constants: module hash
    add($any, "*($wild)") if $wild ne $name;
  } elsif ($file eq '<internal>') {
    # Constants and strings the linker merged from all objects
    # (.rodata.cst16, .rodata.str1.1, ...): move them whole, from every object.
    add($any, "*($name)") if $name =~ /^\.rodata\.(?:cst|str)/;
  } else {                                          # crt objects
    (my $obj = $file) =~ s{.*/}{};
    add($any, "*$obj($name)");
  }
}

print <<'HEAD';
/* The code and read-only data a long `grundy values` run uses, laid out
   together at the front of the static dist binary, so that the pages the
   kernel maps in around them are few (link/README.md).

   Generated by crates/grundy-cli/link/hot-layout.sh: do not edit by hand,
   run it again. A pattern that matches nothing is harmless. */
HEAD
sub block {
  my ($out, $before, $exact, $any) = @_;
  print "SECTIONS {\n  $out : {\n";
  print "    $_\n" for @$exact, @$any;
  print "  }\n} INSERT BEFORE $before;\n";
}
block('.text.hot', '.text', \@text_exact, \@text_any);
block('.rodata.hot', '.rodata', \@ro_exact, \@ro_any);
PERL
echo "$out: $(grep -c '^    ' "$out") patterns" >&2
