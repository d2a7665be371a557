//! The lists of the panels outside the registry are written from it: the npm package's
//! declarations (`PanelName`, each panel's controls), its Custom Elements Manifest (the
//! `panel` attribute) and the Python package's `Panel` docstring each hold the ids (and
//! controls) of `genlab::state::PANELS`, in its order. A panel added to the registry reaches
//! them with `GENLAB_BLESS=1 cargo test --test it panel_lists::`, no line written by hand.
//! (The docstring had named “gda”, “nb” or “cat” and left out the learning curves.)

use genlab::state::PANELS;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Holds the lines of `file` from the one containing `first` to the one before the first
/// line after it containing `until` (or just the `first` line when `until` is empty) to
/// `want`; rewrites them under GENLAB_BLESS.
fn hold(file: &str, first: &str, until: &str, want: &str) {
    let path = format!("{ROOT}/{file}");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let start =
        lines.iter().position(|l| l.contains(first)).unwrap_or_else(|| panic!("{file}: no line with {first:?}"));
    let end = if until.is_empty() {
        start + 1
    } else {
        start + 1 + lines[start + 1..].iter().position(|l| l.contains(until)).expect("the block's end")
    };
    let shown: String = lines[start..end].concat();
    if shown == want {
        return;
    }
    if std::env::var_os("GENLAB_BLESS").is_some() {
        std::fs::write(&path, format!("{}{want}{}", lines[..start].concat(), lines[end..].concat())).unwrap();
        return;
    }
    panic!("{file} does not list the registry's panels as they are; `GENLAB_BLESS=1 cargo test --test it panel_lists::` writes:\n{want}\nshown:\n{shown}");
}

fn ids(quote: &str, sep: &str) -> String {
    PANELS.iter().map(|p| format!("{quote}{}{quote}", p.id)).collect::<Vec<_>>().join(sep)
}

#[test]
fn the_npm_declarations_name_every_panel_and_its_controls() {
    hold("npm/genlab.d.ts", "export type PanelName =", "", &format!("export type PanelName = {};\n", ids("\"", " | ")));
    let mut controls = String::from("   * Controls to hide, by name (a lesson step's `hide:` takes the same names):\n");
    for p in PANELS {
        let names = p.controls.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ");
        controls.push_str(&format!("   * {}: {names}.\n", p.id));
    }
    hold("npm/genlab.d.ts", "Controls to hide, by name", "*/", &controls);
}

#[test]
fn the_custom_elements_manifest_names_every_panel() {
    let line = format!(
        "            {{ \"name\": \"panel\", \"type\": {{ \"text\": \"{}\" }}, \"default\": \"gda\", \"description\": \"Which panel.\" }},\n",
        ids("\\\"", " | ")
    );
    hold("npm/custom-elements.json", "{ \"name\": \"panel\", \"type\"", "", &line);
}

#[test]
fn the_python_panels_docstring_names_every_panel() {
    let rest: Vec<String> = PANELS[1..].iter().map(|p| format!("\"{}\"", p.id)).collect();
    let (last, init) = rest.split_last().expect("more than one panel");
    let line = format!("    panel:     \"{}\" (default), {} or {last}\n", PANELS[0].id, init.join(", "));
    hold("python/src/genlab/__init__.py", "    panel:     ", "", &line);
}
