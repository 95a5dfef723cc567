//! The census (`grundy::census`) against the definition of octal games,
//! computed here by a plain mex over every option: certified periods hold,
//! checksums are those of the definition's values, and every canonical form
//! is a true shift while no two representatives are shifts of each other.

use grundy::analysis::value_stats;
use grundy::census::{canonical_forms, classify, codes, take_break, CensusConfig, MAX_SHIFT};
use grundy::solve::table::fnv1a;

/// G(0..=n) of an octal code `0.d1d2…` by the definition.
fn definition(code: &str, n: usize) -> Vec<u64> {
    let digits: Vec<u32> = code[2..].chars().map(|c| c.to_digit(8).unwrap()).collect();
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let mut seen = vec![false; 64 + h];
        for (i, &d) in digits.iter().enumerate() {
            let k = i + 1;
            if k > h {
                break;
            }
            let rest = h - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if rest - a >= 1 {
                        let v = (g[a] ^ g[rest - a]) as usize;
                        if v < seen.len() {
                            seen[v] = true;
                        }
                    }
                }
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap() as u64);
    }
    g
}

#[test]
fn patterns_expand_to_the_codes_they_name() {
    assert_eq!(codes("octal:1").unwrap().len(), 7);
    assert_eq!(codes("octal:2").unwrap().len(), 7 + 56);
    assert_eq!(codes("octal:3").unwrap().len(), 7 + 56 + 448);
    assert_eq!(codes("hex:1").unwrap().len(), 15);
    assert!(codes("hex:1").unwrap().contains(&"hex:0.F".to_string()));
    let four = codes("4.xx").unwrap();
    assert_eq!(four.len(), 64 - 8, "a trailing x skips codes ending in 0");
    assert!(four.contains(&"4.07".to_string()) && !four.contains(&"4.10".to_string()));
    assert_eq!(codes("0.1x7").unwrap().len(), 8);
    assert_eq!(
        codes("0.07, 0.77\n# a comment\n0.137").unwrap(),
        ["0.07", "0.77", "0.137"]
    );
    for bad in [
        "octal:0",
        "octal:7",
        "0.8",
        "",
        "# only a comment",
        "hex:0.xxxxxx",
    ] {
        assert!(codes(bad).is_err(), "`{bad}` is refused");
    }
}

#[test]
fn classify_matches_the_definition() {
    let to = 3000;
    let config = CensusConfig::default().to(to as u64);
    for code in codes("octal:2").unwrap() {
        let want = definition(&code, to);
        let r = classify(&code, &config, &mut || Ok(())).unwrap();
        assert_eq!(r.checked_to, to as u64);
        assert_eq!(r.checksum, fnv1a(want.iter().copied()), "{code}");
        assert_eq!(r.max_value, *want.iter().max().unwrap(), "{code}");
        let first_max = want.iter().position(|&v| v == r.max_value).unwrap();
        assert_eq!(
            r.max_at, first_max as u64,
            "{code}: the first heap of the largest value"
        );
        let split = value_stats(&want, 0).split;
        let last_rare = split.and_then(|s| (1..=to).rev().find(|&n| s.is_rare(n as u64, want[n])));
        assert_eq!(
            r.last_rare,
            last_rare.map(|n| n as u64),
            "{code}: the last rare heap"
        );
        if r.certified {
            let p = r.periodicity.unwrap();
            for n in p.preperiod as usize..=to - p.period as usize {
                assert_eq!(want[n + p.period as usize], want[n], "{code} at {n}");
            }
        }
    }
}

/// The checksum of the first 2^17 heaps given by a census to past 2^17 is
/// the checksum of a census to heap 2^17 - 1 (open `0.6`; Dawson's Kayles,
/// certified early and extended by its period), and none is given past
/// `checked_to`.
#[test]
fn prefix_checksums_are_those_of_a_census_to_the_prefix() {
    use grundy::census::PREFIX_HEAPS;
    let prefix = PREFIX_HEAPS[0];
    assert_eq!(prefix, 1 << 17);
    for code in ["0.6", "0.07"] {
        let short = classify(
            code,
            &CensusConfig::default().to(prefix - 1),
            &mut || Ok(()),
        )
        .unwrap();
        assert_eq!(short.prefix_checksums, [(prefix, short.checksum)], "{code}");
        let long = classify(code, &CensusConfig::default().to(prefix + 999), &mut || {
            Ok(())
        })
        .unwrap();
        assert_eq!(long.prefix_checksums, [(prefix, short.checksum)], "{code}");
        assert_ne!(long.checksum, short.checksum, "{code}");
        let below = classify(
            code,
            &CensusConfig::default().to(prefix - 2),
            &mut || Ok(()),
        )
        .unwrap();
        assert!(below.prefix_checksums.is_empty(), "{code}");
    }
}

#[test]
fn canonical_forms_are_true_shifts() {
    let to = 2000usize;
    let config = CensusConfig::default().to(to as u64);
    let all = codes("octal:2").unwrap();
    let reports: Vec<_> = all
        .iter()
        .map(|c| classify(c, &config, &mut || Ok(())).unwrap())
        .collect();
    let canon = canonical_forms(&reports);
    let values: Vec<Vec<u64>> = all.iter().map(|c| definition(c, to)).collect();
    let index = |c: &str| all.iter().position(|x| x == c).unwrap();
    let s = MAX_SHIFT as i64;
    let mut grouped = 0;
    for (i, c) in canon.iter().enumerate() {
        let a = index(&c.code);
        if a == i {
            assert_eq!(c.shift, 0);
            continue;
        }
        grouped += 1;
        assert!(a < i, "the representative comes first");
        // G_i(n) = G_a(n + shift) wherever both are in range.
        for n in s..(to as i64 - s) {
            assert_eq!(
                values[i][n as usize],
                values[a][(n + c.shift) as usize],
                "{} = {} shifted {} at {n}",
                all[i],
                c.code,
                c.shift
            );
        }
    }
    assert!(
        grouped > 0,
        "some 2-digit codes are shifts of others (0.01 of 0.1)"
    );
    assert_eq!(canon[index("0.01")].code, "0.1");
    // Representatives are pairwise not shifts of each other.
    let reps: Vec<usize> = (0..all.len())
        .filter(|&i| canon[i].code == all[i])
        .collect();
    let len = to + 1 - MAX_SHIFT;
    for (x, &i) in reps.iter().enumerate() {
        for &j in &reps[x + 1..] {
            for si in 0..=MAX_SHIFT {
                for sj in 0..=MAX_SHIFT {
                    assert!(
                        values[i][si..si + len] != values[j][sj..sj + len],
                        "{} and {} are shifts of each other",
                        all[i],
                        all[j]
                    );
                }
            }
        }
    }
}

#[test]
fn a_census_takes_grundys_game_by_name_though_it_has_no_code() {
    assert_eq!(codes("grundy-game .6").unwrap(), ["grundy-game", ".6"]);
    // Grundy's game by its definition: split a heap into two unequal heaps.
    let to = 2000;
    let mut want: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = vec![false; n + 2];
        for a in 1..n.div_ceil(2) {
            let v = (want[a] ^ want[n - a]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        want.push(seen.iter().position(|s| !s).unwrap() as u64);
    }
    assert_eq!(&want[..11], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
    let r = classify(
        "grundy-game",
        &CensusConfig::default().to(to as u64),
        &mut || Ok(()),
    )
    .unwrap();
    assert_eq!(r.checksum, fnv1a(want.iter().copied()));
    assert_eq!(r.max_value, *want.iter().max().unwrap());
    assert!(!r.certified);
    assert!(take_break("no-such-game").is_err());
    assert!(codes("0.07 no-such-game").is_err());
}
