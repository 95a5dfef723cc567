//! HDU 1079 "Calendar Game": a date between 1900-01-01 and 2001-11-04; a
//! move goes to the next day, or to the same day of the next month when
//! that date exists; no move may pass 2001-11-04, and who reaches it wins.
//!
//! The dates form a game whose only end is 2001-11-04 (normal play);
//! [`MemoSolver`] searches it with the calendar as the rules.
//!
//! Input: `T`, then `T` lines `YYYY MM DD`. Output: `YES` if Adam (first)
//! wins, else `NO`.

mod judge_io;

use grundy::{solve::MemoSolver, Game};
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

type Date = (u64, u64, u64);

const LAST: Date = (2001, 11, 4);

fn days_in(y: u64, m: u64) -> u64 {
    match m {
        2 if (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

struct Calendar;

impl Game for Calendar {
    type Position = Date;

    fn options(&self, &(y, m, d): &Date, f: &mut dyn FnMut(&[Date])) {
        let next_day = match (d < days_in(y, m), m < 12) {
            (true, _) => (y, m, d + 1),
            (false, true) => (y, m + 1, 1),
            (false, false) => (y + 1, 1, 1),
        };
        let next_month = if m < 12 { (y, m + 1, d) } else { (y + 1, 1, d) };
        if next_day <= LAST {
            f(&[next_day]);
        }
        if d <= days_in(next_month.0, next_month.1) && next_month <= LAST {
            f(&[next_month]);
        }
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut solver = MemoSolver::new(Calendar);
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let date = (
            input.need("a year")?,
            input.need("a month")?,
            input.need("a day")?,
        );
        let (y, m, d) = date;
        if y < 1900 || date > LAST || !(1..=12).contains(&m) || d == 0 || d > days_in(y, m) {
            return Err(Fail(format!(
                "`{y} {m} {d}` is not a date from 1900-01-01 to 2001-11-04"
            )));
        }
        let wins = !solver.nim_value(&date)?.is_zero();
        out.push_str(if wins { "YES\n" } else { "NO\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
