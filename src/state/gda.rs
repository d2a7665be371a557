//! The GDA panel's part of a link: the data (source, seed, k, every class's generating cloud
//! and mean), the model and decision settings, the pairwise boundaries and the 3-D view.

use serde::{Deserialize, Serialize};

use super::{num, Allowed, Key, Notice, NoticeReason, Panel, Part, Pending};
use crate::data::Preset;
use crate::gda::lab::{Covariance, ModelSettings, MAX_MEAN};
use crate::gda::{ClassParams, ClassesSpec, Cloud, GdaLab, DEFAULT_CLOUDS, MAX_CLASSES};
use crate::limits;

/// The GDA panel's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GdaState {
    /// `"generated"` or a preset id.
    pub source: String,
    /// Sample seed.
    pub seed: u64,
    /// Points per class.
    pub n: [u32; 2],
    /// Generating (σx, σy) per class.
    pub sd: [[f64; 2]; 2],
    /// Generating ρ per class.
    pub rho: [f64; 2],
    /// Where the class means were dragged to, if they were (classes 0 and 1; the others
    /// are in `more_means`).
    pub means: Option<[[f64; 2]; 2]>,
    /// The model and decision settings.
    pub models: ModelSettings,
    /// The number of generated classes k, 2 … 5 (a state without it has two).
    #[serde(default = "two_classes")]
    pub classes: usize,
    /// The generating clouds of classes 2, 3 and 4, used when k reaches them.
    #[serde(default = "default_more")]
    pub more: [CloudState; 3],
    /// Where the means of classes 2 … k − 1 were dragged to: as many as the data have
    /// classes beyond the second when `means` is given, empty otherwise.
    #[serde(default)]
    pub more_means: Vec<[f64; 2]>,
    /// Whether every pairwise boundary is drawn dashed (k > 2).
    #[serde(default)]
    pub pairwise: bool,
    /// The 3-D view of the weighted densities (a state without it: hidden, default angles).
    #[serde(default)]
    pub surface: SurfaceState,
}

/// The 3-D view in a link: whether it is shown and where it is seen from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SurfaceState {
    /// Whether the view is shown.
    pub shown: bool,
    /// Degrees about the vertical axis, −180 … 180.
    pub yaw: f64,
    /// Degrees above the floor, 3 … 85.
    pub pitch: f64,
}

impl Default for SurfaceState {
    fn default() -> Self {
        SurfaceState { shown: false, yaw: 35.0, pitch: 25.0 }
    }
}

/// One generated class's cloud in a link: n, (σx, σy), ρ (its mean is where it is dragged).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CloudState {
    /// Points of the class.
    pub n: u32,
    /// Generating (σx, σy).
    pub sd: [f64; 2],
    /// Generating ρ.
    pub rho: f64,
}

fn two_classes() -> usize {
    2
}

/// Classes 2, 3 and 4's default clouds ([`DEFAULT_CLOUDS`]).
fn default_more() -> [CloudState; 3] {
    [2, 3, 4].map(|c| {
        let d = &DEFAULT_CLOUDS[c];
        CloudState { n: d.n as u32, sd: d.params.sd, rho: d.params.rho }
    })
}

impl GdaState {
    /// The number of classes of the data the state shows: a preset's own, k for generated
    /// data, 2 for the user's own points (a link does not carry them).
    pub fn data_classes(&self) -> usize {
        match Preset::from_id(&self.source) {
            Ok(p) => p.classes(),
            Err(_) if self.source == "generated" => self.classes,
            Err(_) => 2,
        }
    }

    /// The means of all classes, when they were dragged: `means` then `more_means`.
    pub fn all_means(&self) -> Option<Vec<[f64; 2]>> {
        self.means.map(|m| m.iter().chain(&self.more_means).copied().collect())
    }

    /// The generating model the state describes: k clouds (k = `classes`, brought into
    /// 2 … 5) at their default means ([`DEFAULT_CLOUDS`]; a link moves them with the
    /// means), with the state's counts, σ and ρ, and the seed.
    pub fn classes_spec(&self) -> ClassesSpec {
        let mut spec = ClassesSpec::default_for(self.classes);
        spec.seed = self.seed;
        for (c, cloud) in spec.clouds.iter_mut().enumerate() {
            let (n, sd, rho) = match c {
                0 | 1 => (self.n[c], self.sd[c], self.rho[c]),
                _ => (self.more[c - 2].n, self.more[c - 2].sd, self.more[c - 2].rho),
            };
            *cloud = Cloud { n: n as usize, params: ClassParams { mean: cloud.params.mean, sd, rho } };
        }
        spec
    }

    /// The state of a panel, as its link writes it: the source, the generating clouds of
    /// generated data (the defaults otherwise, so a preset's link stays short), the means
    /// when one was moved, and the model settings.
    pub fn of_lab(lab: &GdaLab) -> GdaState {
        let mut s = GdaState {
            source: lab.source_id(),
            models: *lab.models(),
            pairwise: lab.pairwise(),
            ..GdaState::default()
        };
        if let Some(spec) = lab.classes_spec() {
            s.seed = spec.seed;
            s.classes = spec.classes();
            for (c, cloud) in spec.clouds.iter().enumerate() {
                let (n, sd, rho) = (cloud.n as u32, cloud.params.sd, cloud.params.rho);
                if c < 2 {
                    (s.n[c], s.sd[c], s.rho[c]) = (n, sd, rho);
                } else {
                    s.more[c - 2] = CloudState { n, sd, rho };
                }
            }
        }
        if lab.means_moved() {
            let h: Vec<[f64; 2]> = (0..lab.classes()).map(|c| lab.handle(c)).collect();
            s.means = Some([h[0], h[1]]);
            s.more_means = h[2..].to_vec();
        }
        s
    }
}

impl Default for GdaState {
    fn default() -> Self {
        GdaState {
            source: "generated".into(),
            seed: 7,
            n: [60, 40],
            sd: [[1.0, 0.8], [0.9, 1.1]],
            rho: [0.4, 0.3],
            means: None,
            models: ModelSettings::default(),
            classes: 2,
            more: default_more(),
            more_means: Vec::new(),
            pairwise: false,
            surface: SurfaceState::default(),
        }
    }
}

impl GdaState {
    /// Class `c`'s generating cloud (classes 0 and 1 in `n`, `sd`, `rho`; the others in
    /// `more`).
    fn cloud(&self, c: usize) -> CloudState {
        match c {
            0 | 1 => CloudState { n: self.n[c], sd: self.sd[c], rho: self.rho[c] },
            _ => self.more[c - 2],
        }
    }

    /// Changes class `c`'s generating cloud.
    fn edit_cloud(&mut self, c: usize, edit: impl FnOnce(&mut CloudState)) {
        let mut cloud = self.cloud(c);
        edit(&mut cloud);
        match c {
            0 | 1 => (self.n[c], self.sd[c], self.rho[c]) = (cloud.n, cloud.sd, cloud.rho),
            _ => self.more[c - 2] = cloud,
        }
    }
}

/// A mean `x,y` within the panel's own limit: a mean it can show is a mean a link can
/// carry, and back.
fn point(v: &str) -> Option<[f64; 2]> {
    let (x, y) = v.split_once(',')?;
    let coordinate = |t: &str| super::number(t.trim()).filter(|x| (-MAX_MEAN..=MAX_MEAN).contains(x));
    Some([coordinate(x)?, coordinate(y)?])
}

const COVARIANCES: [(&str, Covariance); 4] = [
    ("shared", Covariance::Shared),
    ("per-class", Covariance::PerClass),
    ("diagonal-per-class", Covariance::DiagonalPerClass),
    ("diagonal-shared", Covariance::DiagonalShared),
];

impl Part for GdaState {
    const KEYS: &'static [Key<GdaState>] = &[
        Key {
            name: "src",
            per_class: false,
            meaning: words!("GDA data"),
            allowed: Allowed::Text(
                words!("`generated`, a preset id (two species, or `penguins-three-species`, `iris-three-species`), or `custom`: the user's own points, kept by the page's history entries (a link cannot carry them; the panel says so)"),
                "the data must be “generated”, “custom” or a known preset",
            ),
            get: |g, _| Some(g.source.clone()),
            set: |g, _, _, v| {
                let ok = v.text == "generated" || v.text == "custom" || Preset::from_id(v.text).is_ok();
                if ok {
                    g.source = v.text.to_string();
                }
                ok
            },
        },
        range_key!("seed", "GDA sample seed", &limits::SEED, seed as u64),
        Key {
            name: "n",
            per_class: true,
            meaning: words!("points of class c"),
            allowed: Allowed::Range(&limits::POINTS_PER_CLASS),
            get: |g, c| Some(g.cloud(c).n.to_string()),
            set: |g, _, c, v| {
                g.edit_cloud(c, |cl| cl.n = v.x as u32);
                true
            },
        },
        Key {
            name: "sx",
            per_class: true,
            meaning: words!("class c's generating σ along x"),
            allowed: Allowed::Range(&limits::SIGMA),
            get: |g, c| Some(num(g.cloud(c).sd[0])),
            set: |g, _, c, v| {
                g.edit_cloud(c, |cl| cl.sd[0] = v.x);
                true
            },
        },
        Key {
            name: "sy",
            per_class: true,
            meaning: words!("class c's generating σ along y"),
            allowed: Allowed::Range(&limits::SIGMA),
            get: |g, c| Some(num(g.cloud(c).sd[1])),
            set: |g, _, c, v| {
                g.edit_cloud(c, |cl| cl.sd[1] = v.x);
                true
            },
        },
        Key {
            name: "r",
            per_class: true,
            meaning: words!("class c's generating ρ"),
            allowed: Allowed::Range(&limits::RHO),
            get: |g, c| Some(num(g.cloud(c).rho)),
            set: |g, _, c, v| {
                g.edit_cloud(c, |cl| cl.rho = v.x);
                true
            },
        },
        range_key!("k", "number of generated classes (absent: 2)", &limits::CLASSES, classes as usize),
        Key {
            name: "cov",
            per_class: false,
            meaning: words!("covariance of the drawn model"),
            allowed: Allowed::Choices(
                &[COVARIANCES[0].0, COVARIANCES[1].0, COVARIANCES[2].0, COVARIANCES[3].0],
                "the covariance is “shared”, “per-class”, “diagonal-per-class” or “diagonal-shared”",
            ),
            get: |g, _| COVARIANCES.iter().find(|(_, c)| *c == g.models.covariance).map(|(id, _)| id.to_string()),
            set: |g, _, _, v| match COVARIANCES.iter().find(|(id, _)| *id == v.text) {
                Some((_, c)) => {
                    g.models.covariance = *c;
                    true
                }
                None => false,
            },
        },
        flag_key!("lr", "logistic-regression overlay", "the overlay is 0 or 1", models.logistic),
        flag_key!("pairs", "every pairwise boundary dashed (k > 2)", "the pairwise boundaries are 0 or 1", pairwise),
        flag_key!("v3", "the 3-D view of the weighted densities shown", "the 3-D view is 0 or 1", surface.shown),
        range_key!(
            "yaw",
            "the 3-D view's angle about the vertical, in degrees (absent: 35)",
            &limits::YAW_DEG,
            surface.yaw,
        ),
        range_key!(
            "pitch",
            "the 3-D view's angle above the floor, in degrees (absent: 25)",
            &limits::PITCH_DEG,
            surface.pitch,
        ),
        range_key!("lam", "logistic regression's L2 strength", &limits::L2, models.lambda),
        Key {
            name: "phi",
            per_class: false,
            meaning: words!("prior override"),
            allowed: Allowed::Range(&limits::PRIOR_PHI),
            get: |g, _| g.models.prior.map(num),
            set: |g, _, _, v| {
                g.models.prior = Some(v.x);
                true
            },
        },
        range_key!("l01", "loss λ₀₁", &limits::LOSS, models.loss01),
        range_key!("l10", "loss λ₁₀", &limits::LOSS, models.loss10),
        flag_key!("heat", "posterior heat map", "the heat map is 0 or 1", models.heat),
        Key {
            name: "m",
            per_class: true,
            meaning: words!("class means `x,y`: all of the data's classes (k generated, or the preset's), or none"),
            allowed: Allowed::Text(words!("finite, \\|v\\| ≤ 10⁶"), "a mean is two numbers “x,y”, each at most 10⁶ in size"),
            get: |g, c| g.all_means().and_then(|m| m.get(c).map(|p| format!("{},{}", num(p[0]), num(p[1])))),
            set: |_, pending, c, v| match point(v.text) {
                Some(p) => {
                    pending.means[c] = Some(p);
                    true
                }
                None => false,
            },
        },
    ];

    /// Means only make sense together (one drag moves one mean, but the link holds all of
    /// them): m0 … m(k−1) for the k classes of the data, and no other.
    fn finish(&mut self, pending: &Pending, notices: &mut Vec<Notice>) {
        let means = &pending.means;
        let k = self.data_classes();
        let given: Vec<[f64; 2]> = means[..k].iter().flatten().copied().collect();
        if means[k..].iter().any(Option::is_some) {
            notices.push(Notice {
                key: (k..MAX_CLASSES)
                    .filter(|&c| means[c].is_some())
                    .map(|c| format!("m{c}"))
                    .collect::<Vec<_>>()
                    .join("/"),
                value: String::new(),
                reason: NoticeReason::Invalid("a mean for a class the data do not have"),
            });
        }
        if given.len() == k {
            self.means = Some([given[0], given[1]]);
            self.more_means = given[2..].to_vec();
        } else if !given.is_empty() {
            let keys: Vec<String> = (0..k).map(|c| format!("m{c}")).collect();
            let rule = if k == 2 { "both means must be given" } else { "every class mean must be given, or none" };
            notices.push(Notice { key: keys.join("/"), value: String::new(), reason: NoticeReason::Invalid(rule) });
        }
    }
}

/// The GDA panel.
pub(super) const PANEL: Panel = Panel {
    id: "gda",
    controls: &[
        "source", "classes", "n", "sd", "rho", "seed", "models", "pairwise", "decision", "prior", "tools", "numbers",
        "export",
    ],
    // The numbers table: two classes, then more.
    cells: &[
        "phi",
        "mu0",
        "mu1",
        "sigma",
        "w",
        "b",
        "boundary",
        "posterior",
        "sigmas",
        "logistic-numbers",
        "threshold",
        "risk",
        "k-priors",
        "k-means",
        "k-sigmas",
        "k-deltas",
        "k-rule",
    ],
    owns: super::owns::<GdaState>,
};
