//! The categorical naive Bayes panel's handle: an editable table of training rows
//! ([`CategoricalTable`]), the smoothing λ, the prior and a query, and the model fitted on
//! them ([`CategoricalNb`]), refitted after every change.
//!
//! The maths is the core's (`genlab::nb::categorical`): the Lidstone estimate
//! P_λ(X⁽ʲ⁾ = a | c) = (N_jc(a) + λ)/(N_c + S_j λ), the prior N_c/N, (N_c + λ)/(N + Kλ) or
//! 1/K, and the posterior by a max-shifted log-sum-exp. This module only checks what the
//! page sends (λ in 0…10, a known prior, a query of declared values, cells in range) and
//! turns the answers into plain objects.
//!
//! A table that cannot be fitted (no rows, or λ = 0 with a class that has no rows) is kept:
//! the student is editing it. [`CatPanel::explain`] then carries the sentence that says why
//! instead of an explanation.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{js_error, to_js};

// Its worked example (the Lidstone estimate, faded into a blank the student fills).
#[path = "cat_worked.rs"]
mod worked;
use crate::error::{Error, Result};
use crate::limits;
use crate::message::{codes, Message};
use crate::nb::categorical::{
    AttributeTable, CategoricalExplanation, CategoricalNb, CategoricalTable, PriorTerm, TableRow, MAX_NAME_CHARS,
};
use crate::nb::Prior;
use crate::state::CAT_EXAMPLE_QUERY;

/// One categorical naive Bayes panel.
#[wasm_bindgen]
pub struct CatPanel {
    /// Whether the built-in example is shown in Simplified Chinese (`setLang`).
    chinese: bool,
    table: CategoricalTable,
    lambda: f64,
    prior: Prior,
    /// One value per attribute; `""` is not observed.
    query: Vec<String>,
    /// The model on the current table, or why there is none.
    fit: Result<CategoricalNb>,
}

/// What [`CatPanel::explain`] returns.
#[derive(Serialize)]
struct CatView<'a> {
    /// λ.
    lambda: f64,
    /// `"ml"`, `"smoothed"` or `"uniform"`.
    prior: &'static str,
    /// The number of rows N.
    rows: usize,
    /// The class column's name.
    class_column: &'a str,
    /// The class values, in order.
    classes: &'a [String],
    /// The query as set (`""`: not observed).
    query: &'a [String],
    /// Why there is no model (no rows; λ = 0 with an empty class), as a message
    /// (`{code, ...params}`); `null` otherwise.
    error: Option<Message>,
    /// Each class's prior with its formula (empty without a model).
    priors: Vec<PriorTerm>,
    /// Every attribute's counts and smoothed probabilities (empty without a model).
    tables: Vec<AttributeTable>,
    /// The query's explanation; `null` without a model.
    explanation: Option<CategoricalExplanation>,
}

fn prior_name(prior: Prior) -> &'static str {
    match prior {
        Prior::MaximumLikelihood => "ml",
        Prior::Smoothed => "smoothed",
        Prior::Uniform => "uniform",
    }
}

impl CatPanel {
    fn refit(&mut self) {
        self.fit = CategoricalNb::fit(&self.table, self.lambda, self.prior);
    }

    /// The built-in example in the panel's language.
    fn example_table(chinese: bool) -> Result<CategoricalTable> {
        if chinese {
            CategoricalTable::example_zh()
        } else {
            CategoricalTable::example()
        }
    }

    /// When the table has the example's columns in one language, (that example, the
    /// example in the other language); else `None`.
    fn example_pair(&self) -> Option<(CategoricalTable, CategoricalTable)> {
        let (en, zh) = (CategoricalTable::example().ok()?, CategoricalTable::example_zh().ok()?);
        if self.table.same_columns(&en) {
            Some((en, zh))
        } else if self.table.same_columns(&zh) {
            Some((zh, en))
        } else {
            None
        }
    }

    /// Checks a query against the table's attributes: one value per attribute, each `""`,
    /// `"?"` (not observed, stored as `""`) or a declared value. On the built-in example a
    /// value of the example in the other language counts as its translation (a link written
    /// in English opened in Chinese, or the other way round, means the same person).
    fn check_query(&self, query: &[String]) -> Result<Vec<String>> {
        let translated;
        let query = match self.example_pair() {
            Some((this, other)) => {
                let trimmed: Vec<String> = query.iter().map(|v| v.trim().to_string()).collect();
                translated = CategoricalTable::translate_query(&trimmed, &other, &this);
                &translated[..]
            }
            None => query,
        };
        let attributes = self.table.attributes();
        if query.len() != attributes.len() {
            return Err(Error::BadTable(
                Message::new(&codes::CAT_QUERY_WIDTH).int("found", query.len()).int("count", attributes.len()),
            ));
        }
        query
            .iter()
            .zip(attributes)
            .map(|(v, a)| {
                let v = v.trim();
                if v.is_empty() || v == "?" {
                    Ok(String::new())
                } else if a.values.iter().any(|x| x == v) {
                    Ok(v.to_string())
                } else {
                    Err(Error::UnknownValue {
                        attribute: a.name.clone(),
                        value: v.chars().take(MAX_NAME_CHARS).collect(),
                        allowed: a.values.join(", "),
                        place: Message::new(&codes::CAT_PLACE_QUERY),
                    })
                }
            })
            .collect()
    }

    /// A query for a freshly loaded table: its first row's values, or nothing observed.
    fn first_row_query(table: &CategoricalTable) -> Vec<String> {
        match table.row(0) {
            Some(row) => row.values,
            None => vec![String::new(); table.attributes().len()],
        }
    }

    fn new_on(table: CategoricalTable, lambda: f64, prior: Prior) -> CatPanel {
        let chinese = table.same_columns(&CategoricalTable::example_zh().unwrap_or_else(|_| table.clone()))
            && CategoricalTable::example().map_or(true, |en| !table.same_columns(&en));
        let mut panel = CatPanel {
            chinese,
            query: Vec::new(),
            table,
            lambda,
            prior,
            fit: Err(Error::EmptyData(Message::new(&codes::CAT_NO_ROWS))),
        };
        let example: Vec<String> = CAT_EXAMPLE_QUERY.iter().map(|s| s.to_string()).collect();
        panel.query = panel.check_query(&example).unwrap_or_else(|_| CatPanel::first_row_query(&panel.table));
        panel.refit();
        panel
    }

    fn edit_row(&mut self, index: usize, edit: impl FnOnce(&mut TableRow) -> Result<()>) -> Result<()> {
        let mut row =
            self.table.row(index).ok_or(Error::IndexOutOfRange { kind: "row", index, len: self.table.len() })?;
        edit(&mut row)?;
        let values: Vec<&str> = row.values.iter().map(String::as_str).collect();
        self.table.set_row(index, &row.name, &values, &row.class)?;
        self.refit();
        Ok(())
    }
}

#[wasm_bindgen]
impl CatPanel {
    /// A panel on the built-in example (twelve people, four attributes, "plays
    /// basketball"), λ = 1 (Laplace), the maximum-likelihood prior and the example query
    /// (tall, green eyes, short hair, no glasses).
    ///
    /// # Errors
    /// Never in practice (the embedded table is tested).
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<CatPanel, JsError> {
        let table = CategoricalTable::example().map_err(js_error)?;
        Ok(CatPanel::new_on(table, 1.0, Prior::MaximumLikelihood))
    }

    /// For the recovery tests only (nothing in the page calls it): the `calls`-th call of
    /// [`CatPanel::explain`] from now panics, a real Rust panic inside wasm ([`super::fault`]);
    /// 0 disarms.
    #[wasm_bindgen(js_name = panicOnCall)]
    pub fn panic_on_call(&self, calls: u32) {
        super::fault::arm(calls);
    }

    /// The table for the editor: `{id_column, attributes: [{name, values}], class: {name,
    /// values}, rows: [{name, values, class}]}`.
    pub fn table(&self) -> Result<JsValue, JsError> {
        to_js(&self.table.view())
    }

    /// Sets the smoothing λ (0 = maximum likelihood, 1 = Laplace).
    ///
    /// # Errors
    /// λ not a number, infinite, negative or above 10; the previous λ stays.
    #[wasm_bindgen(js_name = setLambda)]
    pub fn set_lambda(&mut self, lambda: f64) -> Result<(), JsError> {
        limits::CAT_LAMBDA.check("λ", lambda).map_err(js_error)?;
        self.lambda = lambda;
        self.refit();
        Ok(())
    }

    /// The current λ.
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// `"ml"` (N_c/N), `"smoothed"` ((N_c + λ)/(N + Kλ)) or `"uniform"` (1/K).
    ///
    /// # Errors
    /// Any other name; the previous prior stays.
    #[wasm_bindgen(js_name = setPrior)]
    pub fn set_prior(&mut self, name: &str) -> Result<(), JsError> {
        self.prior = match name {
            "ml" => Prior::MaximumLikelihood,
            "smoothed" => Prior::Smoothed,
            "uniform" => Prior::Uniform,
            _ => return Err(js_error(Error::Unknown { kind: "prior", name: name.chars().take(40).collect() })),
        };
        self.refit();
        Ok(())
    }

    /// The current prior's name.
    pub fn prior(&self) -> String {
        prior_name(self.prior).to_string()
    }

    /// Sets the query: an array of strings, one per attribute, `""` (or `"?"`) for not
    /// observed.
    ///
    /// # Errors
    /// Not an array of strings, the wrong length, or a value not declared for its attribute;
    /// the previous query stays.
    #[wasm_bindgen(js_name = setQuery)]
    pub fn set_query(&mut self, values: JsValue) -> Result<(), JsError> {
        let values: Vec<String> = serde_wasm_bindgen::from_value(values)
            .map_err(|_| js_error(Error::BadTable(Message::new(&codes::CAT_QUERY_UNREADABLE))))?;
        self.query = self.check_query(&values).map_err(js_error)?;
        Ok(())
    }

    /// The query, one value per attribute (`""`: not observed).
    pub fn query(&self) -> Result<JsValue, JsError> {
        to_js(&self.query)
    }

    /// The query as a link carries it: on the built-in example always in the English
    /// example's values (`cq=yes|green|short|no` in both languages, so the default query
    /// writes no `cq` and a link means the same person in either language); on another
    /// table, as shown.
    #[wasm_bindgen(js_name = linkQuery)]
    pub fn link_query(&self) -> Result<JsValue, JsError> {
        match (self.example_pair(), CategoricalTable::example()) {
            (Some((this, _)), Ok(en)) => to_js(&CategoricalTable::translate_query(&self.query, &this, &en)),
            _ => to_js(&self.query),
        }
    }

    /// Shows the built-in example in `lang` (`"zh-CN"`: Simplified Chinese; anything else:
    /// English). A table with the example's columns in the other language (edited or not)
    /// is translated cell by cell, and the query with it; any other table is left as it is.
    #[wasm_bindgen(js_name = setLang)]
    pub fn set_lang(&mut self, lang: &str) {
        let chinese = lang == "zh-CN";
        if chinese == self.chinese {
            return;
        }
        self.chinese = chinese;
        let (Ok(from), Ok(to)) = (CatPanel::example_table(!chinese), CatPanel::example_table(chinese)) else {
            return;
        };
        if let Some(table) = self.table.translated(&from, &to) {
            self.query = CategoricalTable::translate_query(&self.query, &from, &to);
            self.table = table;
            self.refit();
        }
    }

    /// Everything the panel shows: `{lambda, prior, rows, class_column, classes, query,
    /// error, priors, tables, explanation}`. `explanation` holds, per class, the prior and
    /// every factor with its formula, the product, the log-sum (`log_joint`, −Infinity for a
    /// class wiped out by a zero count) and the posterior, `null` with a sentence when every
    /// class is wiped out. No field is ever NaN. Without a model (`error` set), `priors` and
    /// `tables` are empty and `explanation` is `null`.
    pub fn explain(&self) -> Result<JsValue, JsError> {
        super::fault::check("explain");
        let query: Vec<&str> = self.query.iter().map(String::as_str).collect();
        let (error, priors, tables, explanation) = match &self.fit {
            Ok(model) => match model.explain(&query) {
                Ok(e) => (None, model.priors(), model.tables(), Some(e)),
                Err(e) => (Some(e.message()), model.priors(), model.tables(), None),
            },
            Err(e) => (Some(e.message()), Vec::new(), Vec::new(), None),
        };
        to_js(&CatView {
            lambda: self.lambda,
            prior: prior_name(self.prior),
            rows: self.table.len(),
            class_column: &self.table.class().name,
            classes: &self.table.class().values,
            query: &self.query,
            error,
            priors,
            tables,
            explanation,
        })
    }

    /// Sets one cell. Columns are numbered as in the CSV: 0 is the row's name, 1…n the
    /// attributes, n + 1 the class.
    ///
    /// # Errors
    /// A row or column out of range, a value not declared for its column, a name that is
    /// too long or has a line break; the table is unchanged.
    #[wasm_bindgen(js_name = setCell)]
    pub fn set_cell(&mut self, row: usize, col: usize, value: &str) -> Result<(), JsError> {
        let n = self.table.attributes().len();
        if col > n + 1 {
            return Err(js_error(Error::IndexOutOfRange { kind: "column", index: col, len: n + 2 }));
        }
        self.edit_row(row, |r| {
            match col {
                0 => r.name = value.to_string(),
                c if c <= n => r.values[c - 1] = value.to_string(),
                _ => r.class = value.to_string(),
            }
            Ok(())
        })
        .map_err(js_error)
    }

    /// Appends a row with each column's first declared value and returns its index.
    ///
    /// # Errors
    /// The table already has the most rows the panel handles (1000).
    #[wasm_bindgen(js_name = addRow)]
    pub fn add_row(&mut self) -> Result<usize, JsError> {
        let values: Vec<String> = self.table.attributes().iter().map(|a| a.values[0].clone()).collect();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let class = self.table.class().values[0].clone();
        let index = self.table.add_row("", &values, &class).map_err(js_error)?;
        self.refit();
        Ok(index)
    }

    /// Removes row `index`.
    ///
    /// # Errors
    /// No such row.
    #[wasm_bindgen(js_name = removeRow)]
    pub fn remove_row(&mut self, index: usize) -> Result<(), JsError> {
        self.table.remove_row(index).map_err(js_error)?;
        self.refit();
        Ok(())
    }

    /// The table as CSV text with its `(values)` line; `loadCsv` reads it back.
    pub fn csv(&self) -> String {
        self.table.to_csv()
    }

    /// Replaces the table with one read from CSV text (see `genlab::nb::categorical`). The
    /// query is kept when the new table has the same attributes, else it becomes the first
    /// row's values. λ and the prior stay.
    ///
    /// # Errors
    /// Text that is not a usable table, with the line and the reason; the current table
    /// stays.
    #[wasm_bindgen(js_name = loadCsv)]
    pub fn load_csv(&mut self, text: &str) -> Result<(), JsError> {
        let table = CategoricalTable::from_csv(text).map_err(js_error)?;
        if table.attributes() != self.table.attributes() {
            self.query = CatPanel::first_row_query(&table);
        }
        self.table = table;
        self.refit();
        Ok(())
    }

    /// Goes back to the built-in example and its query, keeping λ and the prior.
    ///
    /// # Errors
    /// Never in practice (the embedded table is tested).
    pub fn reset(&mut self) -> Result<(), JsError> {
        let table = CatPanel::example_table(self.chinese).map_err(js_error)?;
        *self = CatPanel::new_on(table, self.lambda, self.prior);
        Ok(())
    }
}
