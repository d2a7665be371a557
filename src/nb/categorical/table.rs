//! The categorical table: attributes and their values, rows with a class, edits that keep it
//! consistent, and its CSV (reading with line-by-line reasons, writing back).

use super::*;

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
pub(super) struct Row {
    pub(super) name: String,
    pub(super) values: Vec<usize>,
    pub(super) class: usize,
}

/// A table of categorical training rows with declared attribute and class values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoricalTable {
    pub(super) id_column: String,
    pub(super) attributes: Vec<Attribute>,
    pub(super) class: Attribute,
    pub(super) rows: Vec<Row>,
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
            return Err(Error::BadTable(Message::new(&codes::CAT_NO_ATTRIBUTE)));
        }
        if attributes.len() > MAX_ATTRIBUTES {
            return Err(Error::BadTable(
                Message::new(&codes::CAT_TOO_MANY_ATTRIBUTES).int("count", attributes.len()).int("max", MAX_ATTRIBUTES),
            ));
        }
        let attributes: Vec<Attribute> = attributes.into_iter().map(trim_attribute).collect();
        let class = trim_attribute(class);
        for (k, a) in attributes.iter().chain(std::iter::once(&class)).enumerate() {
            check_text(&a.name, TextKind::ColumnName)?;
            let is_class = k == attributes.len();
            let min = if is_class { 2 } else { 1 };
            if a.values.len() < min {
                return Err(Error::BadTable(if is_class {
                    Message::new(&codes::CAT_CLASS_TOO_FEW_VALUES)
                        .text("column", a.name.as_str())
                        .int("count", a.values.len())
                } else {
                    Message::new(&codes::CAT_ATTRIBUTE_NO_VALUES).text("attribute", a.name.as_str())
                }));
            }
            if a.values.len() > MAX_VALUES {
                return Err(Error::BadTable(
                    Message::new(&codes::CAT_TOO_MANY_VALUES)
                        .text("column", a.name.as_str())
                        .int("count", a.values.len())
                        .int("max", MAX_VALUES),
                ));
            }
            for (i, v) in a.values.iter().enumerate() {
                check_text(v, TextKind::Value)?;
                if v == "?" {
                    return Err(Error::BadTable(
                        Message::new(&codes::CAT_QUESTION_MARK_VALUE).text("column", a.name.as_str()),
                    ));
                }
                if a.values[..i].contains(v) {
                    return Err(Error::BadTable(
                        Message::new(&codes::CAT_VALUE_TWICE).text("value", v.as_str()).text("column", a.name.as_str()),
                    ));
                }
            }
        }
        let mut names: Vec<&str> = vec![id_column.as_str()];
        for a in attributes.iter().chain(std::iter::once(&class)) {
            if names.contains(&a.name.as_str()) {
                return Err(Error::BadTable(Message::new(&codes::CAT_COLUMN_TWICE).text("column", a.name.as_str())));
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
            return Err(Error::BadTable(Message::new(&codes::CAT_TOO_MANY_ROWS).int("max", MAX_ROWS)));
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
            return Err(Error::BadTable(
                Message::new(&codes::CAT_ROW_WIDTH)
                    .int("row", index)
                    .int("found", values.len())
                    .int("count", self.attributes.len())
                    .text("names", self.attributes.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", ")),
            ));
        }
        let place = Message::new(&codes::CAT_PLACE_ROW).int("row", index);
        let values = values
            .iter()
            .zip(&self.attributes)
            .map(|(v, a)| value_index(a, v.trim(), &place))
            .collect::<Result<Vec<_>>>()?;
        let class = value_index(&self.class, class.trim(), &place)?;
        Ok(Row { name, values, class })
    }

    /// Reads a table in the text form of the [module docs](super).
    ///
    /// # Errors
    /// [`Error::EmptyData`] for a text without a header; [`Error::BadLine`] for a line that
    /// cannot be read (an unclosed quote, a wrong number of fields), with its 1-based line
    /// number; [`Error::BadTable`] for a text over [`MAX_CSV_BYTES`], or [`Error::BadTable`]
    /// and [`Error::UnknownValue`] (with the line number) for columns or values that break
    /// the rules of [`CategoricalTable::new`] and [`CategoricalTable::add_row`].
    pub fn from_csv(text: &str) -> Result<CategoricalTable> {
        if text.len() > MAX_CSV_BYTES {
            return Err(Error::BadTable(
                Message::new(&codes::CAT_TOO_BIG).text("mb", format!("{:.1}", text.len() as f64 / 1e6)),
            ));
        }
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let mut lines = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let fields = split_csv_line(line).map_err(|reason| Error::BadLine { line: n + 1, reason })?;
            lines.push((n + 1, fields));
        }
        let mut lines = lines.into_iter();
        let Some((_, header)) = lines.next() else {
            return Err(Error::EmptyData(Message::new(&codes::CAT_EMPTY)));
        };
        if header.len() < 3 {
            return Err(Error::BadTable(Message::new(&codes::CAT_HEADER_NARROW).int("count", header.len())));
        }
        let width = header.len();
        let mut rows: Vec<(usize, Vec<(String, bool)>)> = lines.collect();
        let declared = match rows.first() {
            Some((_, first)) if first.first().is_some_and(|(v, quoted)| !quoted && v == VALUES_MARKER) => {
                let (line, fields) = rows.remove(0);
                if fields.len() != width {
                    return Err(Error::BadLine { line, reason: wrong_width(&fields, width) });
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
                return Err(Error::BadLine { line: *line, reason: wrong_width(fields, width) });
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
                Error::UnknownValue { attribute, value, allowed, .. } => Error::UnknownValue {
                    attribute,
                    value,
                    allowed,
                    place: Message::new(&codes::CAT_PLACE_LINE).int("line", *line),
                },
                Error::BadTable(reason) => Error::BadLine { line: *line, reason },
                other => other,
            })?;
        }
        Ok(table)
    }

    /// The table in the text form of the [module docs](super), with the `(values)` line;
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

pub(super) fn trim_attribute(a: Attribute) -> Attribute {
    Attribute { name: a.name.trim().to_string(), values: a.values.iter().map(|v| v.trim().to_string()).collect() }
}

/// Why a line has the wrong number of fields; a line typed with a Chinese input method
/// (fields separated by the full-width “，”) is told which comma to use.
pub(super) fn wrong_width(fields: &[(String, bool)], width: usize) -> Message {
    let code = if fields.iter().any(|(f, quoted)| !quoted && f.contains('，')) {
        &codes::CAT_LINE_WIDTH_FULL_WIDTH
    } else {
        &codes::CAT_LINE_WIDTH
    };
    Message::new(code).int("found", fields.len()).int("width", width)
}

/// What a piece of table text is, for [`check_text`]'s rules and messages.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum TextKind {
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
    fn noun(self) -> Message {
        Message::new(match self {
            TextKind::Title => &codes::CAT_WHAT_TITLE,
            TextKind::ColumnName => &codes::CAT_WHAT_COLUMN_NAME,
            TextKind::Value => &codes::CAT_WHAT_VALUE,
            TextKind::RowName => &codes::CAT_WHAT_ROW_NAME,
        })
    }
}

/// Checks a name or value: non-empty (names of columns and values), at most
/// [`MAX_NAME_CHARS`] characters, one line, and no `|` in a value.
pub(super) fn check_text(s: &str, kind: TextKind) -> Result<()> {
    if s.is_empty() && matches!(kind, TextKind::ColumnName | TextKind::Value) {
        let code = if kind == TextKind::Value { &codes::CAT_EMPTY_VALUE } else { &codes::CAT_EMPTY_COLUMN_NAME };
        return Err(Error::BadTable(Message::new(code)));
    }
    if s.chars().count() > MAX_NAME_CHARS {
        return Err(Error::BadTable(
            Message::new(&codes::CAT_TOO_LONG)
                .text("start", s.chars().take(20).collect::<String>())
                .msg("what", kind.noun())
                .int("max", MAX_NAME_CHARS),
        ));
    }
    if s.chars().any(char::is_control) {
        return Err(Error::BadTable(
            Message::new(&codes::CAT_CONTROL_CHAR)
                .text("text", s.chars().filter(|c| !c.is_control()).collect::<String>())
                .msg("what", kind.noun()),
        ));
    }
    if kind == TextKind::Value && s.contains('|') {
        return Err(Error::BadTable(Message::new(&codes::CAT_PIPE_IN_VALUE).text("value", s)));
    }
    Ok(())
}

/// The index of `value` among `a`'s declared values.
pub(super) fn value_index(a: &Attribute, value: &str, place: &Message) -> Result<usize> {
    a.values.iter().position(|v| v == value).ok_or_else(|| Error::UnknownValue {
        attribute: a.name.clone(),
        value: value.chars().take(MAX_NAME_CHARS).collect(),
        allowed: a.values.join(", "),
        place: place.clone(),
    })
}

/// Splits one CSV line into trimmed fields, each with whether it was quoted.
pub(super) fn split_csv_line(line: &str) -> std::result::Result<Vec<(String, bool)>, Message> {
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
                    None => return Err(Message::new(&codes::CAT_QUOTE_NOT_CLOSED)),
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
                Some(_) => return Err(Message::new(&codes::CAT_TEXT_AFTER_QUOTE)),
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                if c == '"' {
                    return Err(Message::new(&codes::CAT_QUOTE_IN_FIELD));
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
pub(super) fn csv_field(s: &str, first: bool) -> String {
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
