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
use crate::stats::log_sum_exp;

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

/// An attribute (or the class column): its name and its declared values, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Attribute {
    /// The column name.
    pub name: String,
    /// The declared values; S_j = `values.len()`.
    pub values: Vec<String>,
}

/// One row as the UI shows it: its name, its attribute values and its class, as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// The row's name (an identifier; may be empty).
    pub name: String,
    /// One value per attribute, in column order.
    pub values: Vec<String>,
    /// The class value.
    pub class: String,
}

/// A whole table for the UI: columns, declared values and rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// The first column's title (the row names).
    pub id_column: String,
    /// The attributes with their declared values.
    pub attributes: Vec<Attribute>,
    /// The class column with its values.
    pub class: Attribute,
    /// The rows.
    pub rows: Vec<TableRow>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    name: String,
    values: Vec<usize>,
    class: usize,
}

/// A table of categorical training rows with declared attribute and class values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoricalTable {
    id_column: String,
    attributes: Vec<Attribute>,
    class: Attribute,
    rows: Vec<Row>,
}

impl CategoricalTable {
    /// An empty table with these columns.
    ///
    /// # Errors
    /// [`Error::BadTable`] when there is no attribute or more than [`MAX_ATTRIBUTES`], an
    /// attribute has no values or more than [`MAX_VALUES`], the class has fewer than 2
    /// values, a column name or value is empty, a name or value is longer than
    /// [`MAX_NAME_CHARS`] or has a line break, a value contains `|` or is `?`, or a name is
    /// repeated (column names, or values within a column). Names and values are trimmed.
    pub fn new(id_column: &str, attributes: Vec<Attribute>, class: Attribute) -> Result<CategoricalTable> {
        let id_column = id_column.trim().to_string();
        check_text(&id_column, TextKind::Title)?;
        if attributes.is_empty() {
            return Err(Error::BadTable(
                "The table has no attribute: put at least one attribute column between the name column and the \
                 class column."
                    .to_string(),
            ));
        }
        if attributes.len() > MAX_ATTRIBUTES {
            return Err(Error::BadTable(format!(
                "The table has {} attributes; the panel handles up to {MAX_ATTRIBUTES}.",
                attributes.len()
            )));
        }
        let attributes: Vec<Attribute> = attributes.into_iter().map(trim_attribute).collect();
        let class = trim_attribute(class);
        for (k, a) in attributes.iter().chain(std::iter::once(&class)).enumerate() {
            check_text(&a.name, TextKind::ColumnName)?;
            let is_class = k == attributes.len();
            let min = if is_class { 2 } else { 1 };
            if a.values.len() < min {
                return Err(Error::BadTable(if is_class {
                    format!(
                        "The class column “{}” has {} value(s): a classifier needs at least two classes.",
                        a.name,
                        a.values.len()
                    )
                } else {
                    format!("The attribute “{}” has no values: declare at least one.", a.name)
                }));
            }
            if a.values.len() > MAX_VALUES {
                return Err(Error::BadTable(format!(
                    "The column “{}” has {} values; the panel handles up to {MAX_VALUES}.",
                    a.name,
                    a.values.len()
                )));
            }
            for (i, v) in a.values.iter().enumerate() {
                check_text(v, TextKind::Value)?;
                if v == "?" {
                    return Err(Error::BadTable(format!(
                        "“?” cannot be a value of “{}”: it means “not observed” in a query.",
                        a.name
                    )));
                }
                if a.values[..i].contains(v) {
                    return Err(Error::BadTable(format!("The value “{v}” is declared twice for “{}”.", a.name)));
                }
            }
        }
        let mut names: Vec<&str> = vec![id_column.as_str()];
        for a in attributes.iter().chain(std::iter::once(&class)) {
            if names.contains(&a.name.as_str()) {
                return Err(Error::BadTable(format!(
                    "Two columns are called “{}”: every column needs its own name.",
                    a.name
                )));
            }
            names.push(&a.name);
        }
        Ok(CategoricalTable { id_column, attributes, class, rows: Vec::new() })
    }

    /// The built-in example ([`EXAMPLE_CSV`]).
    ///
    /// # Errors
    /// Only if the embedded text were broken (a test reads it).
    pub fn example() -> Result<CategoricalTable> {
        CategoricalTable::from_csv(EXAMPLE_CSV)
    }

    /// The built-in example in Simplified Chinese ([`EXAMPLE_CSV_ZH`]).
    ///
    /// # Errors
    /// Only if the embedded text were broken (a test reads it).
    pub fn example_zh() -> Result<CategoricalTable> {
        CategoricalTable::from_csv(EXAMPLE_CSV_ZH)
    }

    /// Whether `self` has the same columns as `other`: the same first column's title and the
    /// same attributes and class, each with the same values in the same order.
    pub fn same_columns(&self, other: &CategoricalTable) -> bool {
        self.id_column == other.id_column && self.attributes == other.attributes && self.class == other.class
    }

    /// This table in the words of `to`, when it has the columns of `from` and `from` and `to`
    /// have the same shape (as the example and its translation do): every column name and
    /// value is replaced by the one at the same position in `to`, and a row name that is
    /// the name of row i of `from` by the name of row i of `to`. Edited cells, added and
    /// removed rows are kept. `None` otherwise.
    pub fn translated(&self, from: &CategoricalTable, to: &CategoricalTable) -> Option<CategoricalTable> {
        let same_shape = from.attributes.len() == to.attributes.len()
            && from.attributes.iter().zip(&to.attributes).all(|(a, b)| a.values.len() == b.values.len())
            && from.class.values.len() == to.class.values.len();
        if !(same_shape && self.same_columns(from)) {
            return None;
        }
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let name = match from.rows.iter().position(|f| f.name == r.name) {
                    Some(i) if !r.name.is_empty() => to.rows.get(i).map_or_else(|| r.name.clone(), |t| t.name.clone()),
                    _ => r.name.clone(),
                };
                Row { name, ..r.clone() }
            })
            .collect();
        Some(CategoricalTable {
            id_column: to.id_column.clone(),
            attributes: to.attributes.clone(),
            class: to.class.clone(),
            rows,
        })
    }

    /// A query (one value per attribute, `""` for not observed) written in `from`'s values,
    /// in `to`'s values by position; a value `from` does not declare is kept as it is.
    pub fn translate_query(query: &[String], from: &CategoricalTable, to: &CategoricalTable) -> Vec<String> {
        query
            .iter()
            .enumerate()
            .map(|(j, v)| {
                let k = from.attributes.get(j).and_then(|a| a.values.iter().position(|x| x == v));
                match (k, to.attributes.get(j)) {
                    (Some(k), Some(a)) if k < a.values.len() => a.values[k].clone(),
                    _ => v.clone(),
                }
            })
            .collect()
    }

    /// The first column's title.
    pub fn id_column(&self) -> &str {
        &self.id_column
    }

    /// The attributes with their declared values.
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// The class column: its name and the K class values.
    pub fn class(&self) -> &Attribute {
        &self.class
    }

    /// The number of rows N.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table has no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Row `index` as text, or `None` when out of range.
    pub fn row(&self, index: usize) -> Option<TableRow> {
        self.rows.get(index).map(|r| self.view_row(r))
    }

    /// All rows as text.
    pub fn rows(&self) -> Vec<TableRow> {
        self.rows.iter().map(|r| self.view_row(r)).collect()
    }

    /// The whole table for the UI.
    pub fn view(&self) -> TableView {
        TableView {
            id_column: self.id_column.clone(),
            attributes: self.attributes.clone(),
            class: self.class.clone(),
            rows: self.rows(),
        }
    }

    fn view_row(&self, r: &Row) -> TableRow {
        TableRow {
            name: r.name.clone(),
            values: r.values.iter().zip(&self.attributes).map(|(&v, a)| a.values[v].clone()).collect(),
            class: self.class.values[r.class].clone(),
        }
    }

    /// Appends a row; returns its index.
    ///
    /// # Errors
    /// As [`CategoricalTable::set_row`], and [`Error::BadTable`] when the table already has
    /// [`MAX_ROWS`] rows.
    pub fn add_row(&mut self, name: &str, values: &[&str], class: &str) -> Result<usize> {
        if self.rows.len() >= MAX_ROWS {
            return Err(Error::BadTable(format!("The table has {MAX_ROWS} rows, the most the panel handles.")));
        }
        let row = self.make_row(name, values, class, self.rows.len())?;
        self.rows.push(row);
        Ok(self.rows.len() - 1)
    }

    /// Replaces row `index`. On error the table is unchanged.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] for a missing row; [`Error::BadTable`] when the number of
    /// values differs from the number of attributes or the name is too long or has a line
    /// break; [`Error::UnknownValue`] for a value (or class) not declared for its column.
    pub fn set_row(&mut self, index: usize, name: &str, values: &[&str], class: &str) -> Result<()> {
        if index >= self.rows.len() {
            return Err(Error::IndexOutOfRange { kind: "row", index, len: self.rows.len() });
        }
        self.rows[index] = self.make_row(name, values, class, index)?;
        Ok(())
    }

    /// Removes row `index` and returns it.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] for a missing row.
    pub fn remove_row(&mut self, index: usize) -> Result<TableRow> {
        if index >= self.rows.len() {
            return Err(Error::IndexOutOfRange { kind: "row", index, len: self.rows.len() });
        }
        let row = self.rows.remove(index);
        Ok(self.view_row(&row))
    }

    fn make_row(&self, name: &str, values: &[&str], class: &str, index: usize) -> Result<Row> {
        let name = name.trim().to_string();
        check_text(&name, TextKind::RowName)?;
        if values.len() != self.attributes.len() {
            return Err(Error::BadTable(format!(
                "Row {index} has {} attribute value(s) but the table has {} attributes ({}).",
                values.len(),
                self.attributes.len(),
                self.attributes.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", ")
            )));
        }
        let place = format!(" in row {index}");
        let values = values
            .iter()
            .zip(&self.attributes)
            .map(|(v, a)| value_index(a, v.trim(), &place))
            .collect::<Result<Vec<_>>>()?;
        let class = value_index(&self.class, class.trim(), &place)?;
        Ok(Row { name, values, class })
    }

    /// Reads a table in the text form of the [module docs](self).
    ///
    /// # Errors
    /// [`Error::EmptyData`] for a text without a header; [`Error::BadLine`] for a line that
    /// cannot be read (an unclosed quote, a wrong number of fields), with its 1-based line
    /// number; [`Error::BadTable`] for a text over [`MAX_CSV_BYTES`], or [`Error::BadTable`]
    /// and [`Error::UnknownValue`] (with the line number) for columns or values that break
    /// the rules of [`CategoricalTable::new`] and [`CategoricalTable::add_row`].
    pub fn from_csv(text: &str) -> Result<CategoricalTable> {
        if text.len() > MAX_CSV_BYTES {
            return Err(Error::BadTable(format!(
                "The table text is {:.1} MB; the panel reads tables of up to 1 MB.",
                text.len() as f64 / 1e6
            )));
        }
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let mut lines = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let fields =
                split_csv_line(line).map_err(|reason| Error::BadLine { line: n + 1, reason: reason.into() })?;
            lines.push((n + 1, fields));
        }
        let mut lines = lines.into_iter();
        let Some((_, header)) = lines.next() else {
            return Err(Error::EmptyData(
                "The table is empty: the first line must name the columns (a name column, the attributes, then \
                 the class)."
                    .to_string()
                    .into(),
            ));
        };
        if header.len() < 3 {
            return Err(Error::BadTable(format!(
                "The header has {} column(s); it needs at least three: a name column, one or more attributes, and \
                 the class.",
                header.len()
            )));
        }
        let width = header.len();
        let mut rows: Vec<(usize, Vec<(String, bool)>)> = lines.collect();
        let declared = match rows.first() {
            Some((_, first)) if first.first().is_some_and(|(v, quoted)| !quoted && v == VALUES_MARKER) => {
                let (line, fields) = rows.remove(0);
                if fields.len() != width {
                    return Err(Error::BadLine { line, reason: wrong_width(&fields, width).into() });
                }
                Some(
                    fields[1..]
                        .iter()
                        .map(|(cell, _)| cell.split('|').map(|v| v.trim().to_string()).collect::<Vec<_>>())
                        .collect::<Vec<_>>(),
                )
            }
            _ => None,
        };
        for (line, fields) in &rows {
            if fields.len() != width {
                return Err(Error::BadLine { line: *line, reason: wrong_width(fields, width).into() });
            }
        }
        // Without a declaration, the values are the ones used, in order of first appearance.
        let values = declared.unwrap_or_else(|| {
            (1..width)
                .map(|col| {
                    let mut seen: Vec<String> = Vec::new();
                    for (_, fields) in &rows {
                        let v = &fields[col].0;
                        if !seen.contains(v) {
                            seen.push(v.clone());
                        }
                    }
                    seen
                })
                .collect()
        });
        let mut columns: Vec<Attribute> = header[1..]
            .iter()
            .zip(values)
            .map(|((name, _), values)| Attribute { name: name.clone(), values })
            .collect();
        let class = columns.pop().unwrap_or(Attribute { name: String::new(), values: Vec::new() });
        let mut table = CategoricalTable::new(&header[0].0, columns, class)?;
        for (line, fields) in &rows {
            let values: Vec<&str> = fields[1..width - 1].iter().map(|(v, _)| v.as_str()).collect();
            table.add_row(&fields[0].0, &values, &fields[width - 1].0).map_err(|e| match e {
                Error::UnknownValue { attribute, value, allowed, .. } => {
                    Error::UnknownValue { attribute, value, allowed, place: format!(" on line {line}") }
                }
                Error::BadTable(reason) => Error::BadLine { line: *line, reason: reason.into() },
                other => other,
            })?;
        }
        Ok(table)
    }

    /// The table in the text form of the [module docs](self), with the `(values)` line;
    /// [`CategoricalTable::from_csv`] reads it back to an equal table.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let mut header = vec![csv_field(&self.id_column, true)];
        header.extend(self.attributes.iter().chain(std::iter::once(&self.class)).map(|a| csv_field(&a.name, false)));
        out.push_str(&header.join(","));
        out.push('\n');
        let mut declared = vec![VALUES_MARKER.to_string()];
        declared.extend(
            self.attributes.iter().chain(std::iter::once(&self.class)).map(|a| csv_field(&a.values.join("|"), false)),
        );
        out.push_str(&declared.join(","));
        out.push('\n');
        for row in self.rows() {
            let mut fields = vec![csv_field(&row.name, true)];
            fields.extend(row.values.iter().map(|v| csv_field(v, false)));
            fields.push(csv_field(&row.class, false));
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

fn trim_attribute(a: Attribute) -> Attribute {
    Attribute { name: a.name.trim().to_string(), values: a.values.iter().map(|v| v.trim().to_string()).collect() }
}

/// Why a line has the wrong number of fields; a line typed with a Chinese input method
/// (fields separated by the full-width “，”) is told which comma to use.
fn wrong_width(fields: &[(String, bool)], width: usize) -> String {
    let found = fields.len();
    let base = format!("this line has {found} field(s) but the header has {width}");
    if fields.iter().any(|(f, quoted)| !quoted && f.contains('，')) {
        format!("{base}: it separates them with the full-width “，”, as a Chinese input method types it; write the half-width “,” instead")
    } else {
        base
    }
}

/// What a piece of table text is, for [`check_text`]'s rules and messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TextKind {
    /// The first column's title: may be empty.
    Title,
    /// An attribute's or the class column's name.
    ColumnName,
    /// A declared value: no `|`, which separates the declared values.
    Value,
    /// A row's name: may be empty.
    RowName,
}

impl TextKind {
    fn noun(self) -> &'static str {
        match self {
            TextKind::Title => "the first column's title",
            TextKind::ColumnName => "a column name",
            TextKind::Value => "a value",
            TextKind::RowName => "a row name",
        }
    }
}

/// Checks a name or value: non-empty (names of columns and values), at most
/// [`MAX_NAME_CHARS`] characters, one line, and no `|` in a value.
fn check_text(s: &str, kind: TextKind) -> Result<()> {
    let what = kind.noun();
    if s.is_empty() && matches!(kind, TextKind::ColumnName | TextKind::Value) {
        return Err(Error::BadTable(format!(
            "Found an empty {}: every column name and every value needs some text.",
            what.trim_start_matches("a ")
        )));
    }
    if s.chars().count() > MAX_NAME_CHARS {
        return Err(Error::BadTable(format!(
            "“{}…” is too long for {what}: at most {MAX_NAME_CHARS} characters.",
            s.chars().take(20).collect::<String>()
        )));
    }
    if s.chars().any(char::is_control) {
        return Err(Error::BadTable(format!(
            "“{}” ({what}) contains a line break or another control character.",
            s.chars().filter(|c| !c.is_control()).collect::<String>()
        )));
    }
    if kind == TextKind::Value && s.contains('|') {
        return Err(Error::BadTable(format!(
            "The value “{s}” contains “|”, which separates the declared values; choose another character."
        )));
    }
    Ok(())
}

/// The index of `value` among `a`'s declared values.
fn value_index(a: &Attribute, value: &str, place: &str) -> Result<usize> {
    a.values.iter().position(|v| v == value).ok_or_else(|| Error::UnknownValue {
        attribute: a.name.clone(),
        value: value.chars().take(MAX_NAME_CHARS).collect(),
        allowed: a.values.join(", "),
        place: place.to_string(),
    })
}

/// Splits one CSV line into trimmed fields, each with whether it was quoted.
fn split_csv_line(line: &str) -> std::result::Result<Vec<(String, bool)>, String> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
            chars.next();
        }
        let mut field = String::new();
        let quoted = chars.peek() == Some(&'"');
        if quoted {
            chars.next();
            loop {
                match chars.next() {
                    None => return Err("a quoted field is not closed: add the missing \"".to_string()),
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                }
            }
            while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
                chars.next();
            }
            match chars.peek() {
                None | Some(',') => {}
                Some(_) => return Err("text after a closing quote: put the whole field inside the quotes".to_string()),
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                if c == '"' {
                    return Err("a \" inside an unquoted field: quote the whole field and double the \"".to_string());
                }
                field.push(c);
                chars.next();
            }
            field = field.trim().to_string();
        }
        fields.push((field, quoted));
        match chars.next() {
            Some(',') => continue,
            _ => break,
        }
    }
    Ok(fields)
}

/// A field for [`CategoricalTable::to_csv`], quoted when it would not read back as itself.
fn csv_field(s: &str, first: bool) -> String {
    let needs = s.contains([',', '"'])
        || s.trim() != s
        || (first && (s.starts_with('#') || s == VALUES_MARKER))
        || (first && s.is_empty());
    if needs {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A fitted categorical naive Bayes model: the counts of a table and the smoothed
/// log-probabilities for one λ and one prior.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoricalNb {
    attributes: Vec<Attribute>,
    class: Attribute,
    lambda: f64,
    prior: Prior,
    /// N_c.
    class_counts: Vec<u64>,
    /// N_jc(a), indexed `[attribute][class][value]`.
    counts: Vec<Vec<Vec<u64>>>,
    /// log P(c).
    log_prior: Vec<f64>,
    /// log P_λ(X⁽ʲ⁾ = a | c), indexed `[attribute][class][value]`.
    log_prob: Vec<Vec<Vec<f64>>>,
}

/// The prior of one class with the numbers plugged into its formula.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriorTerm {
    /// The class value.
    pub class: String,
    /// N_c.
    pub count: u64,
    /// P(c).
    pub probability: f64,
    /// log P(c) (−∞ for an empty class under the maximum-likelihood prior).
    pub log_probability: f64,
    /// E.g. `P(yes) = (5 + 1) / (12 + 2 × 1) = 0.4286`.
    pub formula: String,
}

/// One attribute's counts and smoothed probabilities for one class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassColumn {
    /// The class value.
    pub class: String,
    /// N_c.
    pub class_count: u64,
    /// N_jc(a) per declared value a.
    pub counts: Vec<u64>,
    /// P_λ(X⁽ʲ⁾ = a | c) per declared value.
    pub probabilities: Vec<f64>,
    /// The formulas with numbers, per declared value.
    pub formulas: Vec<String>,
}

/// The conditional probability table of one attribute.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttributeTable {
    /// The attribute's name.
    pub attribute: String,
    /// Its declared values; S_j = `values.len()`.
    pub values: Vec<String>,
    /// One column per class.
    pub classes: Vec<ClassColumn>,
}

/// One factor P(X⁽ʲ⁾ = a | c) of a query's product.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttributeTerm {
    /// The attribute's name.
    pub attribute: String,
    /// The query's value a.
    pub value: String,
    /// N_jc(a).
    pub count: u64,
    /// N_c.
    pub class_count: u64,
    /// S_j.
    pub num_values: usize,
    /// P_λ(X⁽ʲ⁾ = a | c) in [0, 1].
    pub probability: f64,
    /// Its logarithm, in [−∞, 0].
    pub log_probability: f64,
    /// E.g. `P(eye colour = blue | yes) = (2 + 1) / (5 + 3 × 1) = 0.375`.
    pub formula: String,
}

/// A factor that is exactly 0 and so wipes a class out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ZeroFactor {
    /// The class has no rows and the maximum-likelihood prior is N_c/N = 0.
    Prior,
    /// No row of the class has this attribute value, and λ = 0.
    Attribute {
        /// The attribute's name.
        attribute: String,
        /// The value with count 0.
        value: String,
    },
}

/// One class's score for a query.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassScore {
    /// The class value.
    pub class: String,
    /// The prior, with its formula.
    pub prior: PriorTerm,
    /// One factor per observed attribute, in column order.
    pub terms: Vec<AttributeTerm>,
    /// P(c) · Π_j P(x⁽ʲ⁾ | c), multiplied directly (it can underflow to 0 with very many
    /// attributes; `log_joint` is what the posterior uses).
    pub product: f64,
    /// The product with the rounded factors written out.
    pub product_formula: String,
    /// log P(c) + Σ_j log P(x⁽ʲ⁾ | c), in [−∞, 0]; −∞ when the class is wiped out.
    pub log_joint: f64,
    /// P(c | x); `None` when every class is wiped out.
    pub posterior: Option<f64>,
    /// log P(c | x) (−∞ for a wiped-out class); `None` when every class is wiped out.
    pub log_posterior: Option<f64>,
    /// The factors that are exactly 0 (empty unless the class is wiped out).
    pub zero_factors: Vec<ZeroFactor>,
}

/// Why a query got its verdict, class by class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoricalExplanation {
    /// The smoothing λ.
    pub lambda: f64,
    /// The prior estimate.
    pub prior: Prior,
    /// The class column's name.
    pub class_column: String,
    /// The query: per attribute, its value or `None` when not observed.
    pub query: Vec<Option<String>>,
    /// The attributes left out because the query does not give them.
    pub not_observed: Vec<String>,
    /// One score per class, in class order.
    pub classes: Vec<ClassScore>,
    /// log P(x) = log Σ_c exp(log_joint_c); `None` when every class is wiped out.
    pub log_evidence: Option<f64>,
    /// The class with the largest score (the first on ties); `None` when every class is
    /// wiped out.
    pub verdict: Option<String>,
    /// Its index in class order.
    pub verdict_index: Option<usize>,
    /// Plain-English sentences for zero factors and an undefined posterior; empty when
    /// every factor is positive.
    pub sentences: Vec<String>,
}

impl CategoricalNb {
    /// Counts the table and computes the smoothed probabilities.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when λ is negative, NaN or infinite;
    /// [`Error::EmptyData`] when the table has no rows, or when λ = 0 and a class has no
    /// rows (its P(a | c) would be 0/0).
    pub fn fit(table: &CategoricalTable, lambda: f64, prior: Prior) -> Result<CategoricalNb> {
        if !(lambda.is_finite() && lambda >= 0.0) {
            return Err(Error::InvalidParameter {
                name: "λ",
                value: describe(lambda),
                rule: "the Lidstone smoothing λ must be a finite number ≥ 0 (0 is maximum likelihood, 1 is Laplace)",
            });
        }
        if table.rows.is_empty() {
            return Err(Error::EmptyData(
                "The table has no rows, so there is nothing to count: add at least one row.".to_string().into(),
            ));
        }
        let k = table.class.values.len();
        let mut class_counts = vec![0u64; k];
        let mut counts: Vec<Vec<Vec<u64>>> =
            table.attributes.iter().map(|a| vec![vec![0u64; a.values.len()]; k]).collect();
        for row in &table.rows {
            class_counts[row.class] += 1;
            for (j, &v) in row.values.iter().enumerate() {
                counts[j][row.class][v] += 1;
            }
        }
        if lambda == 0.0 {
            if let Some(c) = class_counts.iter().position(|&n| n == 0) {
                let name = &table.class.values[c];
                return Err(Error::EmptyData(
                    format!(
                    "No row has class “{name}”, so at λ = 0 every P(value | {name}) would be 0/0. Add a row of class \
                     “{name}” or use λ > 0."
                )
                    .into(),
                ));
            }
        }
        let mut model = CategoricalNb {
            attributes: table.attributes.clone(),
            class: table.class.clone(),
            lambda,
            prior,
            class_counts,
            counts,
            log_prior: Vec::new(),
            log_prob: Vec::new(),
        };
        model.log_prior = model.compute_log_prior();
        model.log_prob = model.compute_log_prob();
        Ok(model)
    }

    fn compute_log_prior(&self) -> Vec<f64> {
        let n: u64 = self.class_counts.iter().sum();
        let k = self.class_counts.len();
        self.class_counts
            .iter()
            .map(|&n_c| match self.prior {
                Prior::MaximumLikelihood => (n_c as f64).ln() - (n as f64).ln(),
                Prior::Smoothed => ln_plus(n_c, self.lambda, 1.0) - ln_plus(n, self.lambda, k as f64),
                Prior::Uniform => -(k as f64).ln(),
            })
            .collect()
    }

    fn compute_log_prob(&self) -> Vec<Vec<Vec<f64>>> {
        self.counts
            .iter()
            .map(|per_class| {
                per_class
                    .iter()
                    .zip(&self.class_counts)
                    .map(|(row, &n_c)| {
                        let s_j = row.len() as f64;
                        let denominator = ln_plus(n_c, self.lambda, s_j);
                        row.iter().map(|&n| ln_plus(n, self.lambda, 1.0) - denominator).collect()
                    })
                    .collect()
            })
            .collect()
    }

    /// The smoothing λ.
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The prior estimate.
    pub fn prior(&self) -> Prior {
        self.prior
    }

    /// The attributes the model was fitted with.
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// The class column.
    pub fn class(&self) -> &Attribute {
        &self.class
    }

    /// N_c per class.
    pub fn class_counts(&self) -> &[u64] {
        &self.class_counts
    }

    /// N_jc(a) for attribute `attribute`, indexed `[class][value]`; `None` when out of range.
    pub fn counts(&self, attribute: usize) -> Option<&[Vec<u64>]> {
        self.counts.get(attribute).map(Vec::as_slice)
    }

    /// log P(c) per class (scikit-learn's `class_log_prior_` for the maximum-likelihood
    /// prior).
    pub fn class_log_prior(&self) -> &[f64] {
        &self.log_prior
    }

    /// log P_λ(X⁽ʲ⁾ = a | c) for attribute `attribute`, indexed `[class][value]`
    /// (scikit-learn's `feature_log_prob_[attribute]`); `None` when out of range.
    pub fn feature_log_prob(&self, attribute: usize) -> Option<&[Vec<f64>]> {
        self.log_prob.get(attribute).map(Vec::as_slice)
    }

    /// Every class's prior with its formula.
    pub fn priors(&self) -> Vec<PriorTerm> {
        (0..self.class_counts.len()).map(|c| self.prior_term(c)).collect()
    }

    fn prior_term(&self, c: usize) -> PriorTerm {
        let n_c = self.class_counts[c];
        let n: u64 = self.class_counts.iter().sum();
        let k = self.class_counts.len();
        let log_probability = self.log_prior[c];
        let probability = log_probability.exp();
        let name = &self.class.values[c];
        let p = format_probability(probability);
        let l = self.lambda;
        let formula = match self.prior {
            Prior::MaximumLikelihood => format!("P({name}) = {n_c} / {n} = {p}"),
            Prior::Smoothed => format!("P({name}) = ({n_c} + {l}) / ({n} + {k} × {l}) = {p}"),
            Prior::Uniform => format!("P({name}) = 1 / {k} = {p}"),
        };
        PriorTerm { class: name.clone(), count: n_c, probability, log_probability, formula }
    }

    /// Every attribute's counts and smoothed probabilities, class by class, with formulas.
    pub fn tables(&self) -> Vec<AttributeTable> {
        self.attributes
            .iter()
            .enumerate()
            .map(|(j, a)| AttributeTable {
                attribute: a.name.clone(),
                values: a.values.clone(),
                classes: (0..self.class_counts.len())
                    .map(|c| {
                        let terms: Vec<AttributeTerm> = (0..a.values.len()).map(|v| self.term(j, c, v)).collect();
                        ClassColumn {
                            class: self.class.values[c].clone(),
                            class_count: self.class_counts[c],
                            counts: terms.iter().map(|t| t.count).collect(),
                            probabilities: terms.iter().map(|t| t.probability).collect(),
                            formulas: terms.into_iter().map(|t| t.formula).collect(),
                        }
                    })
                    .collect(),
            })
            .collect()
    }

    fn term(&self, j: usize, c: usize, v: usize) -> AttributeTerm {
        let a = &self.attributes[j];
        let count = self.counts[j][c][v];
        let class_count = self.class_counts[c];
        let num_values = a.values.len();
        let log_probability = self.log_prob[j][c][v];
        let probability = log_probability.exp();
        let l = self.lambda;
        let formula = format!(
            "P({} = {} | {}) = ({count} + {l}) / ({class_count} + {num_values} × {l}) = {}",
            a.name,
            a.values[v],
            self.class.values[c],
            format_probability(probability)
        );
        AttributeTerm {
            attribute: a.name.clone(),
            value: a.values[v].clone(),
            count,
            class_count,
            num_values,
            probability,
            log_probability,
            formula,
        }
    }

    /// Reads a query given as text, one value per attribute (`""` or `"?"`: not observed),
    /// into value indices.
    ///
    /// # Errors
    /// [`Error::BadTable`] when the number of values differs from the number of
    /// attributes; [`Error::UnknownValue`] for a value not declared for its attribute.
    pub fn parse_query(&self, query: &[&str]) -> Result<Vec<Option<usize>>> {
        if query.len() != self.attributes.len() {
            return Err(Error::BadTable(format!(
                "The query has {} value(s) but the table has {} attributes: give one per attribute (“?” for not \
                 observed).",
                query.len(),
                self.attributes.len()
            )));
        }
        query
            .iter()
            .zip(&self.attributes)
            .map(|(v, a)| {
                let v = v.trim();
                if v.is_empty() || v == "?" {
                    Ok(None)
                } else {
                    value_index(a, v, " in the query").map(Some)
                }
            })
            .collect()
    }

    /// log P(c) + Σ_j log P(x⁽ʲ⁾ | c) per class (scikit-learn's `predict_joint_log_proba`),
    /// each in [−∞, 0], never NaN.
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn joint_log_likelihood(&self, query: &[&str]) -> Result<Vec<f64>> {
        let q = self.parse_query(query)?;
        Ok(self.log_joint(&q))
    }

    fn log_joint(&self, q: &[Option<usize>]) -> Vec<f64> {
        (0..self.class_counts.len())
            .map(|c| {
                // Every factor is ≤ 0, so the sum is −∞ or finite, never NaN.
                let likelihood: f64 = q.iter().enumerate().filter_map(|(j, v)| v.map(|v| self.log_prob[j][c][v])).sum();
                likelihood + self.log_prior[c]
            })
            .collect()
    }

    /// P(c | x) per class by the max-shifted log-sum-exp; `None` when every class is wiped
    /// out (0/0).
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn predict_proba(&self, query: &[&str]) -> Result<Option<Vec<f64>>> {
        let joint = self.joint_log_likelihood(query)?;
        let evidence = log_sum_exp(&joint);
        Ok((evidence > f64::NEG_INFINITY).then(|| joint.iter().map(|s| (s - evidence).exp()).collect()))
    }

    /// The class with the largest score (the first on ties); `None` when every class is
    /// wiped out.
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn predict(&self, query: &[&str]) -> Result<Option<String>> {
        Ok(self.explain(query)?.verdict)
    }

    /// Explains the verdict on a query: every count, every factor with its formula, the
    /// product and the log-sum per class, the posterior and the zero-count story.
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn explain(&self, query: &[&str]) -> Result<CategoricalExplanation> {
        let q = self.parse_query(query)?;
        let joint = self.log_joint(&q);
        let evidence = log_sum_exp(&joint);
        let defined = evidence > f64::NEG_INFINITY;
        let mut classes = Vec::with_capacity(joint.len());
        for (c, &log_joint) in joint.iter().enumerate() {
            let prior = self.prior_term(c);
            let terms: Vec<AttributeTerm> =
                q.iter().enumerate().filter_map(|(j, v)| v.map(|v| self.term(j, c, v))).collect();
            let product = terms.iter().fold(prior.probability, |p, t| p * t.probability);
            let mut factors = vec![format_probability(prior.probability)];
            factors.extend(terms.iter().map(|t| format_probability(t.probability)));
            let product_formula = format!(
                "P({name}) × Π P(x | {name}) = {} = {}",
                factors.join(" × "),
                format_probability(product),
                name = self.class.values[c]
            );
            let mut zero_factors = Vec::new();
            if prior.log_probability == f64::NEG_INFINITY {
                zero_factors.push(ZeroFactor::Prior);
            }
            zero_factors.extend(
                terms
                    .iter()
                    .filter(|t| t.log_probability == f64::NEG_INFINITY)
                    .map(|t| ZeroFactor::Attribute { attribute: t.attribute.clone(), value: t.value.clone() }),
            );
            let log_posterior = defined.then_some(log_joint - evidence);
            classes.push(ClassScore {
                class: self.class.values[c].clone(),
                prior,
                terms,
                product,
                product_formula,
                log_joint,
                posterior: log_posterior.map(f64::exp),
                log_posterior,
                zero_factors,
            });
        }
        let verdict_index = defined.then(|| {
            // The first class with the largest score: ties go to the earlier class.
            let best = joint.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            joint.iter().position(|&s| s == best).unwrap_or(0)
        });
        let mut explanation = CategoricalExplanation {
            lambda: self.lambda,
            prior: self.prior,
            class_column: self.class.name.clone(),
            query: q.iter().zip(&self.attributes).map(|(v, a)| v.map(|v| a.values[v].clone())).collect(),
            not_observed: q
                .iter()
                .zip(&self.attributes)
                .filter(|(v, _)| v.is_none())
                .map(|(_, a)| a.name.clone())
                .collect(),
            classes,
            log_evidence: defined.then_some(evidence),
            verdict: verdict_index.map(|c| self.class.values[c].clone()),
            verdict_index,
            sentences: Vec::new(),
        };
        explanation.sentences = self.sentences(&explanation);
        Ok(explanation)
    }

    fn sentences(&self, e: &CategoricalExplanation) -> Vec<String> {
        let mut out = Vec::new();
        let n: u64 = self.class_counts.iter().sum();
        let l = self.lambda;
        for score in &e.classes {
            let class = &score.class;
            for zero in &score.zero_factors {
                out.push(match zero {
                    ZeroFactor::Prior => format!(
                        "No row has class “{class}”, so the maximum-likelihood prior P({class}) = 0/{n} = 0 rules \
                         “{class}” out. A smoothed prior (λ > 0) keeps it possible."
                    ),
                    ZeroFactor::Attribute { attribute, value } => format!(
                        "No “{class}” row has {attribute} = {value} (count 0), so with λ = {l} \
                         P({attribute} = {value} | {class}) = 0 and class “{class}” is ruled out whatever the other \
                         attributes say."
                    ),
                });
            }
        }
        let alive: Vec<&ClassScore> = e.classes.iter().filter(|s| s.log_joint > f64::NEG_INFINITY).collect();
        if alive.is_empty() {
            out.push(
                "Every class is ruled out: P(c) · Π P(x | c) = 0 for all of them, so P(c | x) = 0/0 and the model \
                 cannot decide. Any λ > 0 fixes this."
                    .to_string(),
            );
        } else if alive.len() == 1 && e.classes.len() > 1 {
            out.push(format!(
                "Only class “{}” is left, so P({} | x) = 1 whatever the other attributes say.",
                alive[0].class, alive[0].class
            ));
        }
        out
    }
}
