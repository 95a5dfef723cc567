//! The named take-and-break games (`kayles`, `dawson`, `lasker`, ...): one
//! family each, all of them a [`TakeBreak`] code with a name.

use crate::error::Error;
use crate::games::TakeBreak;
use crate::anygame::HeapSpec;
use crate::spec::{no_args, Family};

/// A [`Family`] entry for a named take-and-break game.
macro_rules! named_take_break {
    ($name:literal) => {
        Family {
            name: $name,
            syntax: $name,
            position: "N (a heap size)",
            example: concat!($name, " 5"),
            about: match TakeBreak::about($name) {
                Some(about) => about,
                None => "",
            },
            parse: |spec, args, _| {
                no_args(spec, args)?;
                match TakeBreak::named($name) {
                    Some(game) => Ok(Box::new(HeapSpec::new(game))),
                    None => Err(Error::invalid_spec(spec, "unknown game")),
                }
            },
        }
    };
}

pub(super) const KAYLES: Family = named_take_break!("kayles");
pub(super) const DAWSON: Family = named_take_break!("dawson");
pub(super) const DAWSON_CHESS: Family = named_take_break!("dawson-chess");
pub(super) const TREBLECROSS: Family = named_take_break!("treblecross");
pub(super) const GUILES: Family = named_take_break!("guiles");
pub(super) const DOUBLE_KAYLES: Family = named_take_break!("double-kayles");
pub(super) const LASKER: Family = named_take_break!("lasker");
pub(super) const GRUNDY_GAME: Family = named_take_break!("grundy-game");
