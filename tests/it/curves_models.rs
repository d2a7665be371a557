//! The learning curves' d-dimensional models against scikit-learn 1.9.1 and numpy.
//!
//! Every expected number below is printed by `tools/sklearn/curves_reference.py`
//! (scikit-learn 1.9.1's `GaussianNB`, an exact Newton solution of the penalised logistic
//! loss in numpy, scipy's `norm.cdf` for the Bayes error), on the committed data files.

use genlab::curves::engine::log_sizes;
use genlab::curves::models::{GaussianNbD, LinearGda, LogisticD};
use genlab::curves::{Dataset, SplitPlan};

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{}/www/data/{name}", env!("CARGO_MANIFEST_DIR"))).expect("data file")
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol * want.abs().max(1.0), "{what}: got {got}, want {want}");
}

#[allow(clippy::unreadable_literal, clippy::excessive_precision)]
mod reference {
    // WDBC: train rows 0..80, test rows 80..100, lambda = 1.0
    pub const WDBC_NB_EPSILON: [f64; 1] = [1.98038519501479e-09];
    pub const WDBC_NB_VAR1: [f64; 30] = [
        0.5547196887900847,
        0.6218415877189429,
        0.53811053277651,
        0.5806899207093792,
        0.8109290450381655,
        1.2605720729079006,
        0.6753332719153725,
        0.5307088650860902,
        1.297654585998404,
        1.5618856965756378,
        0.8496039419278459,
        0.7460080442252802,
        1.0670626534254448,
        0.6062488024569294,
        0.428762419490372,
        1.2231635721480283,
        0.4614851815094051,
        0.8832035957708769,
        2.193857826874602,
        0.7114049187581576,
        0.5996943478592366,
        0.7005909570343652,
        0.5922351534213257,
        0.7278526233625545,
        0.9710865374952401,
        1.6172138424335663,
        0.8478107027370017,
        0.4731370245470366,
        1.8862458769410118,
        2.124580653664708,
    ];
    pub const WDBC_NB_JLL0: [f64; 20] = [
        -25.13977248701196,
        -48.06797284719318,
        -636.6730590773413,
        -206.67327253094228,
        -20.239410203106843,
        -178.73040105542103,
        -45.71890427286051,
        -160.13767553397184,
        -24.733436175283952,
        -55.97001146624085,
        -35.718470793524496,
        -47.07823985636245,
        -38.64340670256015,
        -24.076806735234506,
        -87.48488096754032,
        -226.84108790015898,
        -20.472698617701163,
        -28.254786942277065,
        -21.63345893185313,
        -43.09838845782858,
    ];
    pub const WDBC_NB_JLL1: [f64; 20] = [
        -52.38483796728253,
        -33.942105562535325,
        -82.51601240939254,
        -49.37251250624226,
        -48.63564307435086,
        -30.94678128738046,
        -37.5262654702008,
        -33.28166489602942,
        -40.732207319834906,
        -34.11223538564149,
        -45.43334779688558,
        -36.148871463906694,
        -55.593834660336036,
        -45.16857435597965,
        -29.118718259883227,
        -34.99442348963725,
        -53.57685306671203,
        -72.7814212138691,
        -54.96818230470755,
        -32.936939430387234,
    ];
    pub const WDBC_LR_THETA: [f64; 31] = [
        1.2194029938310085,
        0.41641290937979253,
        0.7758593551743931,
        0.41998539217430503,
        0.37614792467295716,
        0.026225393751045985,
        0.24648553409973945,
        0.2625098823561567,
        0.4129439636280748,
        -0.024458356579792225,
        -0.08105549515983618,
        0.5590788454387646,
        -0.26732039616759357,
        0.49283524257749955,
        0.3645958769750659,
        -0.07589622189396891,
        0.04965081459358026,
        -0.29058180640070774,
        0.0852387307826168,
        -0.41901924372139526,
        -0.13047999456464887,
        0.5268810227807021,
        0.6299326151967642,
        0.5326571553665715,
        0.43463269085890743,
        0.29047879528551174,
        0.5575185986894787,
        0.2231105095126049,
        0.484290153090641,
        0.07261248263984052,
        0.4847495414893151,
    ];
    // DIGITS23: train rows 0..60, test rows 60..80, lambda = 0.1
    pub const DIGITS23_NB_EPSILON: [f64; 1] = [2.6340542381893888e-09];
    pub const DIGITS23_NB_VAR1: [f64; 64] = [
        2.6340542381893888e-09,
        1.6043984623416885,
        0.5318608462732943,
        0.2825071895264904,
        0.25232782409978466,
        0.7054737534684273,
        1.4812786451898992,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        0.32633383593167614,
        0.9239092360996057,
        0.5277983976882367,
        0.7316755026914838,
        0.3568775080556901,
        1.9022727299067748,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        0.10213594818068061,
        0.1860393416885902,
        0.6924823129367208,
        1.148446733814599,
        0.7845791835935585,
        2.440336322211068,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        0.0730383384075142,
        0.9009009866793688,
        0.3234794079262858,
        1.0785892083561628,
        0.08842202480535011,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        0.005154800879744054,
        0.2481992298902379,
        0.2858979560209077,
        0.4523302995928598,
        0.14937162788505737,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        0.016001424982707447,
        0.7414094276568288,
        0.34174073286017054,
        0.6834653254082306,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        0.05115416704184932,
        0.33113904260287413,
        0.4855252443272131,
        0.4606889218102158,
        0.7883619178516922,
        0.5323636883506012,
        2.6340542381893888e-09,
        2.6340542381893888e-09,
        1.2854617439485871,
        0.31969553070256096,
        0.3205079787309196,
        1.5374185446550668,
        0.8075603454283012,
        0.010020814937979228,
        2.6340542381893888e-09,
    ];
    pub const DIGITS23_NB_JLL0: [f64; 20] = [
        83.74562097410079,
        86.75988939869026,
        67.4068870621143,
        -36404970.09855662,
        -145614293.65668088,
        -2329796827.3910446,
        -1310511458.4727254,
        83.58292347234077,
        68.43257584720197,
        -145614062.89157322,
        83.35239237371832,
        -36405117.054474875,
        -36404912.171024464,
        -1808.0140065974258,
        -36403768.99337861,
        79.4290719309356,
        65.01973180181679,
        67.60326974162524,
        -1307.8019060742051,
        76.48614372181771,
    ];
    pub const DIGITS23_NB_JLL1: [f64; 20] = [
        -640996906.4869273,
        -825270388.5412987,
        -3524174226.5640798,
        -37.632857279736385,
        144.57845863725157,
        99.15249628196273,
        101.836923743766,
        -1497921446.5491307,
        -1854504613.0332084,
        131.05378752810233,
        -1139550106.2843468,
        146.18232999803706,
        103.6701255593742,
        -31656287.48257673,
        127.945335696841,
        -1497921458.4659896,
        -2691476347.7526493,
        -951900322.5665541,
        131.45970369947582,
        -101017711.73298495,
    ];
    pub const DIGITS23_LR_THETA: [f64; 65] = [
        0.5086809466697274,
        0.0,
        0.21253484285089022,
        0.3167100764535904,
        0.3489470328397111,
        0.31995021297444526,
        0.3918269672997721,
        0.22990236274913317,
        1.7525921751225645e-18,
        2.9438252909354215e-18,
        0.03471403111713086,
        -0.24116746714069248,
        -0.5424819834001661,
        -0.180045518536252,
        0.2794130397962749,
        0.27328796391759314,
        2.547912080147404e-18,
        3.614642809269456e-18,
        -0.09622850867444677,
        -0.47130324038703375,
        0.04599358791738957,
        0.11606490441204025,
        -0.02833974136342959,
        0.131268536916147,
        0.0,
        0.0,
        -0.10160134623415049,
        -0.09181482222215105,
        0.4351074432581922,
        0.07112568232921639,
        -0.015749079013490604,
        -0.13454103091050637,
        0.0,
        0.0,
        -0.06957699404984842,
        -0.24378166536974571,
        -0.357348374385256,
        0.15632800718831338,
        0.5256588288261828,
        0.19260785448796336,
        0.0,
        0.0,
        -0.2583852816443,
        -0.5641114836176693,
        -0.9054506423685355,
        -0.05210400506559365,
        0.7918960891652707,
        0.4346714085624992,
        3.14103893830898e-18,
        2.836794347607556e-18,
        -0.16637843236200772,
        -0.2995412319482635,
        -0.5072444446970148,
        0.02027706428236659,
        0.43735904062248987,
        0.15656108382627532,
        -0.01984142691127449,
        2.0236427182442337e-18,
        0.12878159766189168,
        0.3864953277769566,
        0.09733891148738112,
        -0.034908236297250914,
        -0.3636105727371641,
        -0.2992127545656616,
        -0.020402149481778414,
    ];
}
use reference::*;

/// ε, class 1's variances, both classes' joint log-likelihoods on the test rows, θ = (b, w).
type Reference<'a> = (&'a [f64], &'a [f64], &'a [f64], &'a [f64], &'a [f64]);

fn check_case(data: &Dataset, train: std::ops::Range<usize>, test: std::ops::Range<usize>, lambda: f64, r: Reference) {
    let train: Vec<usize> = train.collect();
    let nb = GaussianNbD::fit(data, &train, 1e-9);
    close(nb.epsilon, r.0[0], 1e-8, "epsilon");
    for (j, (&got, &want)) in nb.var[1].iter().zip(r.1).enumerate() {
        close(got, want, 1e-8, &format!("var[1][{j}]"));
    }
    for (t, i) in test.enumerate() {
        let jll = nb.joint_log_likelihood(data.row(i));
        close(jll[0], r.2[t], 1e-8, &format!("jll0 of row {i}"));
        close(jll[1], r.3[t], 1e-8, &format!("jll1 of row {i}"));
    }
    let lr = LogisticD::fit(data, &train, lambda, None);
    assert!(lr.converged && !lr.no_finite_fit);
    close(lr.rule.b, r.4[0], 1e-8, "intercept");
    for (j, (&got, &want)) in lr.rule.w.iter().zip(&r.4[1..]).enumerate() {
        close(got, want, 1e-8, &format!("w[{j}]"));
    }
}

#[test]
fn wdbc_naive_bayes_and_logistic_match_sklearn_and_numpy_newton() {
    let data = Dataset::wdbc(&read("wdbc.csv")).unwrap();
    assert_eq!((data.len(), data.d, data.counts()), (569, 30, [357, 212]));
    check_case(
        &data,
        0..80,
        80..100,
        1.0,
        (&WDBC_NB_EPSILON, &WDBC_NB_VAR1, &WDBC_NB_JLL0, &WDBC_NB_JLL1, &WDBC_LR_THETA),
    );
}

#[test]
fn digits_two_three_naive_bayes_and_logistic_match_sklearn_and_numpy_newton() {
    let data = Dataset::digits(&read("digits.csv"), 2, 3).unwrap();
    // load_digits: 177 twos and 183 threes.
    assert_eq!((data.len(), data.d, data.counts()), (360, 64, [177, 183]));
    check_case(
        &data,
        0..60,
        60..80,
        0.1,
        (&DIGITS23_NB_EPSILON, &DIGITS23_NB_VAR1, &DIGITS23_NB_JLL0, &DIGITS23_NB_JLL1, &DIGITS23_LR_THETA),
    );
}

#[test]
fn warm_started_logistic_fit_reaches_the_same_minimiser() {
    // Starting from the fit on a nested subset must not change the answer (the engine
    // starts each size from the previous one): compared with the numpy Newton solution.
    let data = Dataset::wdbc(&read("wdbc.csv")).unwrap();
    let small: Vec<usize> = (0..40).collect();
    let train: Vec<usize> = (0..80).collect();
    let start = LogisticD::fit(&data, &small, 1.0, None);
    let lr = LogisticD::fit(&data, &train, 1.0, Some(&start.rule));
    close(lr.rule.b, WDBC_LR_THETA[0], 1e-8, "intercept");
    for (j, (&got, &want)) in lr.rule.w.iter().zip(&WDBC_LR_THETA[1..]).enumerate() {
        close(got, want, 1e-8, &format!("w[{j}]"));
    }
}

#[test]
fn unpenalised_logistic_regression_on_separable_rows_has_no_finite_fit() {
    // 20 WDBC rows in 30 dimensions: fewer rows than unknowns (31), so a hyperplane
    // separates them and the unpenalised loss has no minimiser.
    let data = Dataset::wdbc(&read("wdbc.csv")).unwrap();
    let train: Vec<usize> = (0..20).collect();
    let lr = LogisticD::fit(&data, &train, 0.0, None);
    assert!(lr.no_finite_fit);
    assert!(train.iter().all(|&i| lr.rule.predict(data.row(i)) == data.y[i]));
    // With λ > 0 the fit exists and is flagged as such.
    assert!(!LogisticD::fit(&data, &train, 1.0, None).no_finite_fit);
}

/// max |∂J/∂θ| at θ = (b, w) for J(θ) = −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖², from its definition:
/// Σ (σ(b + wᵀxᵢ) − yᵢ)(1, xᵢ) + λ(0, w).
fn gradient_max(data: &Dataset, idx: &[usize], lambda: f64, b: f64, w: &[f64]) -> f64 {
    let mut g = vec![0.0; w.len() + 1];
    for &i in idx {
        let x = data.row(i);
        let z = b + x.iter().zip(w).map(|(a, c)| a * c).sum::<f64>();
        let r = 1.0 / (1.0 + (-z).exp()) - f64::from(data.y[i]);
        g[0] += r;
        for (gj, xj) in g[1..].iter_mut().zip(x) {
            *gj += r * xj;
        }
    }
    for (gj, wj) in g[1..].iter_mut().zip(w) {
        *gj += lambda * wj;
    }
    g.iter().fold(0.0f64, |a, v| a.max(v.abs()))
}

#[test]
// Every fit of a whole WDBC curve (~8 s of a debug build): the full run only.
#[ignore = "slow in a debug build: scripts/test.sh runs it (cargo test -- --include-ignored)"]
fn every_warm_started_fit_of_a_wdbc_curve_reaches_the_gradient_tolerance() {
    // The engine's own sequence of fits (15 nested sizes from 4 to the pool of 397, each
    // started from the previous size's fit) over 40 splits, at λ = 1 and 0.01: each must
    // end converged, with the gradient, recomputed here, within the stopping rule's
    // 1e-10 · m. Near the minimum J is flat to rounding, where a line search on J alone
    // kept halving the Newton step and ran out of iterations unconverged.
    let data = Dataset::wdbc(&read("wdbc.csv")).unwrap();
    let plan = SplitPlan::new(&data.y, 2);
    let sizes = log_sizes(4, plan.pool_size(), 15);
    for lambda in [1.0, 0.01] {
        for s in 0..40 {
            let split = plan.split(s);
            let mut start = None;
            for &m in &sizes {
                let train = split.train(m);
                let lr = LogisticD::fit(&data, &train, lambda, start.as_ref());
                let g = gradient_max(&data, &train, lambda, lr.rule.b, &lr.rule.w);
                assert!(
                    lr.converged,
                    "λ = {lambda}, split {s}, m = {m}: not converged after {} iterations (gradient {g:e})",
                    lr.iterations
                );
                assert!(g <= 1.01e-10 * m as f64, "λ = {lambda}, split {s}, m = {m}: gradient {g:e}");
                start = Some(lr.rule);
            }
        }
    }
}

#[test]
fn gda_on_two_points_a_class_gives_the_bisector() {
    // Hand-worked: class 0 at (0,0),(0,2), class 1 at (2,0),(2,2): μ₀ = (0,1), μ₁ = (2,1),
    // Σ = diag(0, 1) + ε, so w ∝ (1, 0) and the boundary is x = 1.
    let data = Dataset::new(2, vec![0.0, 0.0, 0.0, 2.0, 2.0, 0.0, 2.0, 2.0], vec![0, 0, 1, 1]).unwrap();
    let gda = LinearGda::fit(&data, &[0, 1, 2, 3], 1e-9);
    let r = &gda.rule;
    assert!(r.w[0] > 0.0 && r.w[1].abs() < 1e-12 * r.w[0]);
    close(-r.b / r.w[0], 1.0, 1e-12, "boundary");
}

#[test]
fn bayes_error_matches_scipy() {
    // bayes_error(mu0=[0.0, 0.0], mu1=[1.5, 1.0], sigma=[[1.0, 0.5], [0.5, 1.5]], phi=0.5) = 0.224139431104095 (Monte Carlo 0.22421125)
    // bayes_error(mu0=[0.0, 0.0], mu1=[1.5, 1.0], sigma=[[1.0, 0.5], [0.5, 1.5]], phi=0.2) = 0.15016108540989764 (Monte Carlo 0.1500315)
    // bayes_error(mu0=[1.0, -2.0], mu1=[3.0, 0.5], sigma=[[2.0, -0.7], [-0.7, 0.9]], phi=0.9) = 0.009670731460854972 (Monte Carlo 0.00966425)
    let s = [[1.0, 0.5], [0.5, 1.5]];
    close(genlab::gda::bayes_error([0.0, 0.0], [1.5, 1.0], s, 0.5), 0.224139431104095, 1e-13, "phi = 0.5");
    close(genlab::gda::bayes_error([0.0, 0.0], [1.5, 1.0], s, 0.2), 0.15016108540989764, 1e-13, "phi = 0.2");
    let s = [[2.0, -0.7], [-0.7, 0.9]];
    close(genlab::gda::bayes_error([1.0, -2.0], [3.0, 0.5], s, 0.9), 0.009670731460854972, 1e-13, "phi = 0.9");
    // Equal means: the rule says the likelier class, wrong with probability min(φ, 1 − φ).
    assert_eq!(genlab::gda::bayes_error([1.0, 1.0], [1.0, 1.0], s, 0.3), 0.3);
    // No such Gaussians: NaN.
    assert!(genlab::gda::bayes_error([0.0, 0.0], [1.0, 0.0], [[1.0, 1.0], [1.0, 1.0]], 0.5).is_nan());
    assert!(genlab::gda::bayes_error([0.0, 0.0], [1.0, 0.0], s, 1.0).is_nan());
}
