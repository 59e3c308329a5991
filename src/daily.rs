//! The daily challenge: one UTC date, one seed, the same on every machine and in the browser.
//! The date is read by the caller (the desktop's clock, the page's `Date`, `--date`); the rules
//! never read a clock.
use std::fmt;

/// A day of the proleptic Gregorian calendar (UTC), written `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// `YYYY-MM-DD`, a real day (1970 to 9999); anything else says what is wrong.
    pub fn parse(text: &str) -> Result<Date, String> {
        let bad = || format!("`{text}` is not a date written YYYY-MM-DD");
        let mut parts = text.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let number = |s: &str| s.parse::<u32>().map_err(|_| bad());
        let (year, month, day) = (number(y)? as i32, number(m)?, number(d)?);
        if !(1970..=9999).contains(&year) {
            return Err(format!("`{text}`: the year must be 1970 to 9999"));
        }
        if !(1..=12).contains(&month) {
            return Err(format!("`{text}`: there is no month {month}"));
        }
        if !(1..=days_in_month(year, month)).contains(&day) {
            return Err(format!("`{text}`: that month has no day {day}"));
        }
        Ok(Date { year, month, day })
    }

    /// The day `days` after 1970-01-01 (the civil-from-days algorithm of Howard Hinnant's
    /// "chrono-compatible low-level date algorithms").
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// The UTC day of a moment given as seconds since 1970-01-01 (a clock's reading).
    pub fn from_unix_seconds(seconds: i64) -> Date {
        Date::from_days(seconds.div_euclid(86_400))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The daily run's seed: the date's text (`YYYY-MM-DD`) hashed (FNV-1a) and mixed, so
/// neighbouring days get unrelated seeds.
pub fn daily_seed(date: Date) -> u64 {
    let text = format!("delve daily {date}");
    crate::rng::mix(crate::hash::fnv1a(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three dates pinned to their seeds: a change here changes every daily run, so it must
    /// be on purpose.
    #[test]
    fn three_dates_are_pinned_to_their_seeds() {
        let seeds: Vec<u64> = ["2026-12-05", "2027-01-01", "2028-02-29"]
            .iter()
            .map(|d| daily_seed(Date::parse(d).unwrap()))
            .collect();
        assert_eq!(seeds, PINNED);
    }

    const PINNED: [u64; 3] = [
        17_987_346_681_481_739_952,
        7_601_534_017_870_857_030,
        17_616_937_562_953_760_662,
    ];

    #[test]
    fn dates_read_strictly_and_days_count_from_1970() {
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(20_427).to_string(), "2025-12-05");
        assert_eq!(
            Date::from_unix_seconds(1_764_979_199).to_string(),
            "2025-12-05"
        );
        assert_eq!(Date::from_days(11_016).to_string(), "2000-02-29");
        for (days, text) in [
            (0, "1970-01-01"),
            (20_427, "2025-12-05"),
            (11_016, "2000-02-29"),
        ] {
            assert_eq!(Date::parse(text).unwrap(), Date::from_days(days));
        }
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-5",
            "26-01-05",
            "2026-01-05x",
            "",
            "1969-12-31",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad} was read");
        }
        assert!(Date::parse("2028-02-29").is_ok());
        assert!(Date::parse("2100-02-29").is_err());
        assert_ne!(
            daily_seed(Date::parse("2026-12-05").unwrap()),
            daily_seed(Date::parse("2026-12-06").unwrap())
        );
    }
}
