//! Naive Bayes over categorical attributes, the seed notes' worked example: a small table
//! of rows, each with a value for every attribute and a class.
//!
//! **The model.** Attribute j takes one of S_j declared values (S_j counts the values the
//! table *declares*, seen in the rows or not); the class takes one of K ≥ 2 values. From
//! the N rows, N_c of class c, and N_jc(a) of class c with attribute j = a, the Lidstone
//! estimate with λ ≥ 0 is
//!
//! P_λ(X⁽ʲ⁾ = a | c) = (N_jc(a) + λ) / (N_c + S_j λ),
//!
//! (λ = 0: maximum likelihood; λ = 1: Laplace), and the class prior is
//!
//! * maximum likelihood ([`Prior::MaximumLikelihood`]): P(c) = N_c / N;
//! * Lidstone-smoothed ([`Prior::Smoothed`]): P_λ(c) = (N_c + λ) / (N + Kλ);
//! * uniform ([`Prior::Uniform`]): P(c) = 1/K.
//!
//! **A query** x = (x⁽¹⁾, …, x⁽ⁿ⁾) scores each class by the product P(c) Π_j P(x⁽ʲ⁾ | c),
//! computed as the log-sum log P(c) + Σ_j log P(x⁽ʲ⁾ | c); an attribute left blank (`""` or
//! `"?"`) is not observed and leaves its factor out (its probabilities sum to 1). The
//! posterior is P(c | x) = exp(score_c − log Σ_k exp(score_k)) (max-shifted log-sum-exp);
//! the verdict is the class with the largest score, the first in class order on ties.
//!
//! **Zero counts.** At λ = 0 a value never seen with class c has probability 0, so
//! log 0 = −∞ wipes class c out whatever the other attributes say; the explanation names
//! the attribute value (or the empty class's zero prior) that did it. When every class is
//! wiped out, P(c | x) = 0/0: the posterior is `None`, explained in a sentence, never NaN.
//! At λ = 0 a class without rows would make every P(a | c) = 0/0, so fitting refuses it.
//!
//! The classes' conventions match scikit-learn's `CategoricalNB(alpha=λ, force_alpha=True)`
//! with `min_categories` = S_j (feature_log_prob_ = log(N_jc(a) + λ) − log(N_c + S_j λ));
//! its class prior is the maximum-likelihood one (`fit_prior=True`), not Lidstone-smoothed.
//!
//! **Text form** ([`CategoricalTable::from_csv`], [`CategoricalTable::to_csv`]): CSV with
//! a header. The first column names the row (an identifier, not an attribute), the last is
//! the class, the ones between are the attributes:
//!
//! ```text
//! # Lines starting with # are comments.
//! name,height over 170 cm,eye colour,hair length,wears glasses,plays basketball
//! (values),yes|no,blue|brown|green,short|medium|long,yes|no,yes|no
//! Ana,yes,brown,short,no,yes
//! ```
//!
//! The optional `(values)` line right under the header declares each column's values,
//! separated by `|`, in order (S_j counts them, seen or not). Without it the values are the
//! ones the rows use, in order of first appearance. Fields are trimmed; a field may be put
//! in double quotes (`"a, b"`, with `""` for a quote inside).

use serde::Serialize;

use super::explain::format_probability;
use super::model::{ln_plus, Prior};
use crate::error::{describe, Error, Result};
use crate::message::{codes, Message};
use crate::stats::log_sum_exp;

mod model;
mod table;

pub use model::*;
pub use table::*;

/// At most this many rows in a table.
pub const MAX_ROWS: usize = 1000;
/// At most this many attributes in a table.
pub const MAX_ATTRIBUTES: usize = 20;
/// At most this many declared values per attribute (and classes).
pub const MAX_VALUES: usize = 50;
/// At most this many characters in a name or a value.
pub const MAX_NAME_CHARS: usize = 60;
/// At most this many bytes of table text are read.
pub const MAX_CSV_BYTES: usize = 1_000_000;
/// The first cell of the line that declares the values.
pub const VALUES_MARKER: &str = "(values)";

/// The built-in example: twelve invented people, four attributes and whether they play
/// basketball. Written for genlab (CC0 1.0). "green" eyes never occur among the players and
/// "medium" hair never among the others, so at λ = 0 a green-eyed query rules "yes" out and
/// a green-eyed, medium-haired one rules out both classes.
pub const EXAMPLE_CSV: &str = "\
# genlab's categorical naive Bayes example: twelve invented people (written for genlab, CC0 1.0).
name,height over 170 cm,eye colour,hair length,wears glasses,plays basketball
(values),yes|no,blue|brown|green,short|medium|long,yes|no,yes|no
Ana,yes,brown,short,no,yes
Ben,yes,blue,short,no,yes
Chen,no,green,long,yes,no
Dara,yes,brown,medium,yes,yes
Eli,no,brown,short,yes,no
Femi,no,brown,short,no,yes
Gus,yes,green,short,no,no
Hana,no,blue,long,yes,no
Ivo,no,brown,long,no,no
Jia,yes,blue,long,no,yes
Kai,no,green,short,yes,no
Lea,yes,blue,long,no,no
";

/// The built-in example in Simplified Chinese: [`EXAMPLE_CSV`] cell for cell, the same
/// rows in the same order, every column's values declared in the same order, so every
/// count, probability and verdict is the same. [`CategoricalTable::translated`] maps a
/// table (edited or not) and a query from one to the other by position.
pub const EXAMPLE_CSV_ZH: &str = "\
# genlab 分类属性朴素贝叶斯示例：十二个虚构的人（为 genlab 编写，CC0 1.0）。
名字,身高超过 170 厘米,眼睛颜色,头发长度,戴眼镜,打篮球
(values),是|否,蓝|棕|绿,短|中|长,是|否,是|否
安娜,是,棕,短,否,是
本,是,蓝,短,否,是
陈,否,绿,长,是,否
达拉,是,棕,中,是,是
伊莱,否,棕,短,是,否
费米,否,棕,短,否,是
格斯,是,绿,短,否,否
哈娜,否,蓝,长,是,否
伊沃,否,棕,长,否,否
佳,是,蓝,长,否,是
凯,否,绿,短,是,否
莉娅,是,蓝,长,否,否
";
