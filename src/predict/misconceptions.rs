//! This chapter's typical mistakes, each with a hint in English and Chinese that names the
//! mistake and says what to look at, and a one-line "why?" prompt; and detectors for the few
//! that can be recognised from a prediction and the truth alone.
//!
//! Notation, as elsewhere in genlab: φ = p(y = 1); a shared Σ gives the GDA log-odds
//! wᵀx + b with w = Σ⁻¹(μ₁ − μ₀), b = −½wᵀ(μ₀ + μ₁) + log φ/(1 − φ); λ₀₁ is the cost of
//! deciding 0 when y = 1 and λ₁₀ that of deciding 1 when y = 0, and the Bayes decision is 1
//! where p(y = 1 | x) > λ₁₀/(λ₀₁ + λ₁₀).

use super::{angle_deg, bad, line_agreement, logit_gap};
use crate::Result;

/// One of this chapter's typical mistakes and the hint that answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Misconception {
    /// A stable identifier (kebab-case), for records and links.
    pub id: &'static str,
    /// The hint in English: names the mistake and says what to look at.
    pub en: &'static str,
    /// The same hint in Simplified Chinese.
    pub zh: &'static str,
    /// A one-line "why?" prompt in English.
    pub why_en: &'static str,
    /// The same prompt in Simplified Chinese.
    pub why_zh: &'static str,
}

/// A hint's words, left out of the wasm modules: the page writes the hints from
/// `www/js/predict-hints.js`, which a native test writes from this catalogue and holds to it
/// (the catalogue's 20 KB of text had come into the GDA panel's first load).
macro_rules! words {
    ($s:literal) => {
        if cfg!(target_arch = "wasm32") {
            ""
        } else {
            $s
        }
    };
}

/// The catalogue, in a stable order (new entries are added at the end). In a wasm module
/// the words are empty (see `words!`); the ids are there.
pub fn misconceptions() -> &'static [Misconception] {
    &CATALOGUE
}

const CATALOGUE: [Misconception; 25] = [
    Misconception {
        id: "boundary-perpendicular-bisector",
        en: words!("The boundary is not always the perpendicular bisector of the segment between the means. It passes through the midpoint only when φ = ½, and it is at right angles to μ₁ − μ₀ only when μ₁ − μ₀ is an eigenvector of Σ (for example when Σ is a multiple of I). Look at the normal w = Σ⁻¹(μ₁ − μ₀) and at φ."),
        zh: words!("边界并不总是两均值连线的垂直平分线。只有 φ = ½ 时它才经过中点；只有 μ₁ − μ₀ 是 Σ 的特征向量时（例如 Σ 是 I 的倍数）它才与 μ₁ − μ₀ 垂直。请看法向量 w = Σ⁻¹(μ₁ − μ₀) 和 φ。"),
        why_en: words!("What does Σ⁻¹ do to the direction μ₁ − μ₀ when the ellipses are tilted?"),
        why_zh: words!("椭圆倾斜时，Σ⁻¹ 会把方向 μ₁ − μ₀ 变成什么？"),
    },
    Misconception {
        id: "prior-turns-boundary",
        en: words!("Changing the prior φ does not turn the line: with one shared Σ, φ enters only the intercept b, through log φ/(1 − φ), so the line slides parallel to itself (toward μ₀ when φ rises). Compare the normal w = Σ⁻¹(μ₁ − μ₀) before and after: it has not changed."),
        zh: words!("改变先验 φ 不会让直线转动：在共享 Σ 时，φ 只通过 log φ/(1 − φ) 进入截距 b，所以直线平行移动（φ 增大时移向 μ₀）。比较改变前后的法向量 w = Σ⁻¹(μ₁ − μ₀)：它没有变。"),
        why_en: words!("Which of w and b contains φ?"),
        why_zh: words!("w 和 b 中哪一个含有 φ？"),
    },
    Misconception {
        id: "midpoint-is-half",
        en: words!("At the midpoint of the means p(y = 1 | x) is not ½ when the priors differ: with a shared Σ the log-odds there are exactly log φ/(1 − φ), so p(y = 1 | x) = φ at the midpoint. Look at the prior φ."),
        zh: words!("先验不相等时，两均值中点处的 p(y = 1 | x) 不是 ½：在共享 Σ 时，该点的对数几率恰为 log φ/(1 − φ)，所以中点处 p(y = 1 | x) = φ。请看先验 φ。"),
        why_en: words!("What is wᵀx + b at x = (μ₀ + μ₁)/2?"),
        why_zh: words!("在 x = (μ₀ + μ₁)/2 处，wᵀx + b 等于多少？"),
    },
    Misconception {
        id: "nearer-mean-wins",
        en: words!("A point is not always of the class whose mean is nearest. With a shared Σ the log-odds of class a against class b are ½(d_b² − d_a²) + log(φ_a/φ_b), where d_c is the Mahalanobis distance to μ_c and φ_c the prior of class c (two classes: ½(d₀² − d₁²) + log φ/(1 − φ)): distance is measured in standard deviations along the ellipses, not in straight-line units, and the priors add to it. With a Σ_c per class each distance is measured with its own class's Σ_c, and each class adds −½ log|Σ_c|. Look at the ellipses and at the priors."),
        zh: words!("一个点并不总是属于均值离它最近的类别。在共享 Σ 时，类别 a 相对类别 b 的对数几率为 ½(d_b² − d_a²) + log(φ_a/φ_b)，其中 d_c 是到 μ_c 的马氏距离，φ_c 是类别 c 的先验（两个类别时即 ½(d₀² − d₁²) + log φ/(1 − φ)）：距离按沿椭圆方向的标准差计量，而不是直线长度，并且还要加上先验项。每个类别各有 Σ_c 时，每个距离用该类别自己的 Σ_c 计量，每个类别还要加上 −½ log|Σ_c|。请看椭圆和各类别的先验。"),
        why_en: words!("Along which direction is one unit of length the fewest standard deviations?"),
        why_zh: words!("沿哪个方向，一个单位长度对应的标准差个数最少？"),
    },
    Misconception {
        id: "qda-always-ellipse",
        en: words!("QDA's boundary is not always an ellipse. It is the conic xᵀAx + βᵀx + c = 0 with A = −½(Σ₁⁻¹ − Σ₀⁻¹): an ellipse (or a single point, or nothing) when the eigenvalues of A have the same sign, a hyperbola (or two crossing lines) when they have opposite signs, a parabola (or one or two parallel lines, or nothing) when one is zero, and a straight line when Σ₀ = Σ₁ and μ₀ ≠ μ₁. Look at how the two ellipses differ in each direction."),
        zh: words!("QDA 的边界并不总是椭圆。它是二次曲线 xᵀAx + βᵀx + c = 0，其中 A = −½(Σ₁⁻¹ − Σ₀⁻¹)：A 的两个特征值同号时是椭圆（或单独一点，或不存在），异号时是双曲线（或两条相交直线），有一个为零时是抛物线（或一条或两条平行直线，或不存在），Σ₀ = Σ₁ 且 μ₀ ≠ μ₁ 时是一条直线。请看两个椭圆在各个方向上的差别。"),
        why_en: words!("What shape is the boundary when class 1 is wider than class 0 in one direction and narrower in the other?"),
        why_zh: words!("当类别 1 在一个方向上比类别 0 宽、在另一个方向上比它窄时，边界是什么形状？"),
    },
    Misconception {
        id: "gaussian-nb-is-linear",
        en: words!("Gaussian naive Bayes does not always draw a straight line: each class has its own diagonal Σ_c, so it is QDA with diagonal covariances and its boundary is a conic with its axes along the coordinate axes. The boundary is a line only when each feature's variance is the same in both classes, as with one pooled diagonal Σ. Look at the per-class variances."),
        zh: words!("高斯朴素贝叶斯并不总是画出一条直线：每个类别有自己的对角协方差 Σ_c，所以它是对角协方差的 QDA，边界是轴与坐标轴平行的二次曲线。只有当每个特征的方差在两个类别中都相同时（例如共用一个对角 Σ），边界才是直线。请看各类别的方差。"),
        why_en: words!("Which term of the log-odds is left when the two classes' variances differ?"),
        why_zh: words!("两个类别的方差不同时，对数几率中会留下哪一项？"),
    },
    Misconception {
        id: "mean-move-only-slides",
        en: words!("Moving a mean does not only slide the line: the normal is w = Σ⁻¹(μ₁ − μ₀), so the line turns unless the mean moves along the line through μ₀ and μ₁ (then w only grows or shrinks and the line slides). Look at the direction of μ₁ − μ₀, not only its length."),
        zh: words!("移动均值不只是平移直线：法向量是 w = Σ⁻¹(μ₁ − μ₀)，所以除非均值沿着经过 μ₀ 和 μ₁ 的直线移动（此时 w 只变长或变短，直线平移），直线都会转动。请看 μ₁ − μ₀ 的方向，而不只是它的长度。"),
        why_en: words!("Does moving μ₁ sideways change the direction of μ₁ − μ₀?"),
        why_zh: words!("把 μ₁ 向侧面移动，会改变 μ₁ − μ₀ 的方向吗？"),
    },
    Misconception {
        id: "tilt-changes-only-ellipses",
        en: words!("Tilting Σ does not change only the ellipses: the normal w = Σ⁻¹(μ₁ − μ₀) depends on Σ, so tilting Σ in general turns the line too (it keeps its direction when, for example, μ₁ − μ₀ is an eigenvector of Σ both before and after). Look at the line together with the ellipses' axes."),
        zh: words!("倾斜 Σ 不只改变椭圆：法向量 w = Σ⁻¹(μ₁ − μ₀) 依赖于 Σ，所以倾斜 Σ 一般也会使直线转动（例如当 μ₁ − μ₀ 在倾斜前后都是 Σ 的特征向量时，直线方向不变）。请把直线和椭圆的轴一起看。"),
        why_en: words!("Where in the formula for w does Σ appear?"),
        why_zh: words!("Σ 出现在 w 公式中的什么位置？"),
    },
    Misconception {
        id: "certain-only-near-data",
        en: words!("The model is not unsure far from the data. GDA's log-odds wᵀx + b are linear in x, so p(y = 1 | x) depends only on the signed distance to the line: far from the line, even where there are no points, it tends to 0 or 1. Look at the heat map's colour far from the clouds."),
        zh: words!("模型在远离数据的地方并不是不确定的。GDA 的对数几率 wᵀx + b 是 x 的线性函数，所以 p(y = 1 | x) 只取决于到直线的有符号距离：离直线越远，即使那里没有任何点，它也趋于 0 或 1。请看远离点云处热图的颜色。"),
        why_en: words!("What happens to wᵀx + b as x moves far along w?"),
        why_zh: words!("x 沿 w 方向远去时，wᵀx + b 会怎样？"),
    },
    Misconception {
        id: "sigma-divides-by-m-minus-one",
        en: words!("GDA's Σ divides by m, not by m − 1 or m − 2: the maximum-likelihood estimate is (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ over all m training points. With two classes, dividing by m − 2 gives the unbiased pooled estimate, a different estimator. Look at the denominator."),
        zh: words!("GDA 的 Σ 除以 m，而不是 m − 1 或 m − 2：最大似然估计是对全部 m 个训练点求 (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ。在两个类别时，除以 m − 2 得到的是无偏的合并估计，那是另一个估计量。请看分母。"),
        why_en: words!("Which estimate maximises the likelihood, and which is unbiased?"),
        why_zh: words!("哪个估计使似然最大，哪个是无偏的？"),
    },
    Misconception {
        id: "alpha-zero-changes-nothing",
        en: words!("Setting α = 0 changes the model: it changes the word probabilities (multinomial: (n_cw + α)/(n_c + α|V|)), and a word of the message that one class never had in training (while the other did) gets P(w | c) = 0, which rules that class out whatever the other words say. Look for words with a zero count in one class."),
        zh: words!("把 α 设为 0 会改变模型：它改变各个词的概率（多项式模型：(n_cw + α)/(n_c + α|V|)），而且消息中某个类别训练时从未出现（而另一个类别出现过）的词会得到 P(w | c) = 0，无论其他词如何，都会排除该类别。请找出在某个类别中计数为零的词。"),
        why_en: words!("What is log P(w | c) when n_cw = 0 and α = 0?"),
        why_zh: words!("当 n_cw = 0 且 α = 0 时，log P(w | c) 是多少？"),
    },
    Misconception {
        id: "unseen-word-vetoes",
        en: words!("A word that appears in no training message does not veto anything at α = 0: it is not in the vocabulary, so it is ignored at every α and has no row in the ledger. What vetoes a class at α = 0 is a word of the message seen in the other class's training messages but never in this one's (and, in the Bernoulli model, a word missing from the message that every training message of the class contains). Look at which words the ledger lists."),
        zh: words!("在任何训练消息中都没有出现过的词在 α = 0 时不会否决任何类别：它不在词表中，所以在任何 α 下都被忽略，在明细中也没有对应的行。在 α = 0 时，能否决某个类别的是消息中这样的词：它在另一个类别的训练消息中出现过，却从未在该类别中出现（在伯努利模型中，还有该类别每条训练消息都含有、而这条消息中没有的词）。请看明细列出了哪些词。"),
        why_en: words!("Is the word in the vocabulary built from the training messages?"),
        why_zh: words!("这个词在由训练消息建立的词表中吗？"),
    },
    Misconception {
        id: "bernoulli-ignores-absent-words",
        en: words!("Bernoulli naive Bayes does not ignore absent words: every vocabulary word missing from the message contributes log((1 − p_spam,w)/(1 − p_ham,w)), and in short messages these terms can decide the verdict. Look at the absent-word term in the ledger."),
        zh: words!("伯努利朴素贝叶斯并不忽略未出现的词：词表中每个不在消息里的词都贡献 log((1 − p_spam,w)/(1 − p_ham,w))，在短消息中这些项可能决定结论。请看明细中未出现词的那一项。"),
        why_en: words!("What does the Bernoulli model multiply in for a word that is not in the message?"),
        why_zh: words!("对于不在消息中的词，伯努利模型乘上的是什么？"),
    },
    Misconception {
        id: "smoothing-favours-larger-class",
        en: words!("Smoothing itself does not favour the larger class. With α-smoothing, as α grows, every P(w | c) tends to the same value in both classes (1/|V| in the multinomial model, ½ in the Bernoulli model), so the words' evidence shrinks toward 0 and the verdict tends to what the prior alone says: the larger class only with the prior N_c/N, ½ with the prior ½ or (N_c + α)/(N + 2α). Look at the prior's row and how the word rows shrink."),
        zh: words!("平滑本身并不偏向较大的类别。采用 α 平滑时，随着 α 增大，两个类别中的每个 P(w | c) 都趋于同一个值（多项式模型为 1/|V|，伯努利模型为 ½），于是词的证据缩向 0，结论趋于仅由先验给出的结果：只有先验为 N_c/N 时才偏向较大的类别；先验为 ½ 或 (N_c + α)/(N + 2α) 时趋于 ½。请看先验那一行以及各词行如何缩小。"),
        why_en: words!("What is the limit of (n_cw + α)/(n_c + α|V|) as α grows?"),
        why_zh: words!("α 增大时，(n_cw + α)/(n_c + α|V|) 的极限是什么？"),
    },
    Misconception {
        id: "smoothing-alpha-numerator-only",
        en: words!("Smoothing adds α to the denominator too: P(w | c) = (n_cw + α)/(n_c + α|V|) in the multinomial model and (d_cw + α)/(N_c + 2α) in the Bernoulli model. With α only in the numerator the probabilities no longer sum to 1. Look at the denominator."),
        zh: words!("平滑也要在分母中加上 α：多项式模型中 P(w | c) = (n_cw + α)/(n_c + α|V|)，伯努利模型中为 (d_cw + α)/(N_c + 2α)。如果只在分子中加 α，概率之和就不再是 1。请看分母。"),
        why_en: words!("What must the |V| probabilities of one class add up to?"),
        why_zh: words!("一个类别的 |V| 个概率之和必须是多少？"),
    },
    Misconception {
        id: "words-independent-not-conditionally",
        en: words!("Naive Bayes does not assume that words are independent, but that they are independent given the class: P(x | c) = Πⱼ P(xⱼ | c). Two words can go together across the corpus because both are common in spam. When two words always occur together, the model counts their shared evidence twice, and its probability overstates that evidence even when its verdict is right. Look at such a pair in the ledger."),
        zh: words!("朴素贝叶斯并不假设词与词相互独立，而是假设在给定类别的条件下相互独立：P(x | c) = Πⱼ P(xⱼ | c)。两个词可能因为都常见于垃圾邮件而在整个语料中同时出现。若两个词总是一起出现，模型会把它们共同的证据计算两次，所以即使结论正确，它给出的概率也夸大了这份证据。请在明细中找这样一对词。"),
        why_en: words!("How much evidence does a word add if it always comes with another one?"),
        why_zh: words!("如果一个词总是与另一个词一起出现，它还能增加多少证据？"),
    },
    Misconception {
        id: "generative-always-fewer-examples",
        en: words!("The generative model does not always need fewer examples. Ng and Jordan (2002) show that naive Bayes approaches its own asymptotic error with fewer examples (of order log d in d dimensions, against order d for logistic regression); that error can be higher than logistic regression's when the model's assumptions are wrong, and at very small m either can lead. Look at where the curves cross, if they do, and at the gap at the largest m."),
        zh: words!("生成模型并不总是需要更少的样本。Ng 和 Jordan（2002）表明，朴素贝叶斯以更少的样本接近它自己的渐近误差（d 维时约为 log d 量级，逻辑回归约为 d 量级）；当模型假设不成立时，这个误差可能高于逻辑回归的误差，而在 m 很小时两者都可能领先。请看两条曲线是否相交、在哪里相交，以及最大 m 处的差距。"),
        why_en: words!("What does a fast approach to the asymptote say about the asymptote's height?"),
        why_zh: words!("更快地接近渐近线，能说明渐近线有多高吗？"),
    },
    Misconception {
        id: "logistic-equals-gda",
        en: words!("Logistic regression and GDA do not always draw the same line. Both give linear log-odds, but GDA takes w and b from the class means and the shared Σ (the joint likelihood), while logistic regression maximises the conditional likelihood of the labels. Even on Gaussian data with one Σ a finite sample gives two different lines in general; when the data are not such Gaussians their limits usually differ. Look at both lines after adding outliers: GDA's usually moves much more."),
        zh: words!("逻辑回归和 GDA 并不总是画出同一条直线。两者的对数几率都是线性的，但 GDA 的 w 和 b 来自类别均值和共享的 Σ（联合似然），而逻辑回归最大化标签的条件似然。即使数据确实是共享 Σ 的高斯分布，有限样本一般也会给出两条不同的直线；数据不是这样的高斯分布时，两者的极限通常也不同。请在加入离群点后比较两条直线：GDA 的直线通常移动得多得多。"),
        why_en: words!("Which points does each fit listen to most?"),
        why_zh: words!("每种拟合最受哪些点的影响？"),
    },
    Misconception {
        id: "doubling-losses-moves-decision",
        en: words!("Doubling both losses does not move the decision: the rule decides 1 where p(y = 1 | x) > λ₁₀/(λ₀₁ + λ₁₀), which depends only on the ratio λ₁₀/λ₀₁. Multiplying both by the same number multiplies the expected cost by it and leaves the boundary where it is. Look at the ratio, not the sizes."),
        zh: words!("两种损失同时加倍不会移动决策：当 p(y = 1 | x) > λ₁₀/(λ₀₁ + λ₁₀) 时判为 1，这只取决于比值 λ₁₀/λ₀₁。两者乘以同一个数只会使期望代价按同样倍数变化，边界保持不动。请看比值，而不是大小。"),
        why_en: words!("What happens to λ₁₀/(λ₀₁ + λ₁₀) when both losses are multiplied by 2?"),
        why_zh: words!("两种损失都乘以 2 时，λ₁₀/(λ₀₁ + λ₁₀) 会怎样？"),
    },
    Misconception {
        id: "loss-threshold-swapped",
        en: words!("The threshold is λ₁₀/(λ₀₁ + λ₁₀), not λ₀₁/(λ₀₁ + λ₁₀): deciding 1 costs λ₁₀·p(y = 0 | x) and deciding 0 costs λ₀₁·p(y = 1 | x), so a costly false alarm (large λ₁₀) raises the threshold and makes class 1 harder to declare. Look at which mistake each loss punishes."),
        zh: words!("阈值是 λ₁₀/(λ₀₁ + λ₁₀)，而不是 λ₀₁/(λ₀₁ + λ₁₀)：判为 1 的期望代价是 λ₁₀·p(y = 0 | x)，判为 0 的是 λ₀₁·p(y = 1 | x)，所以误报代价高（λ₁₀ 大）会提高阈值，使类别 1 更难被判定。请看每种损失惩罚的是哪种错误。"),
        why_en: words!("Where are the expected costs of deciding 0 and deciding 1 equal?"),
        why_zh: words!("在哪里判为 0 和判为 1 的期望代价相等？"),
    },
    Misconception {
        id: "prior-forgotten",
        en: words!("The prior is part of the answer: the log-odds are log P(1)/P(0) plus the evidence of the data, so leaving out the prior term gives the likelihood ratio, not the posterior. With unequal classes that term is not 0. Look at the prior's row (or the term log φ/(1 − φ))."),
        zh: words!("先验是答案的一部分：对数几率等于 log P(1)/P(0) 加上数据的证据，漏掉先验项得到的是似然比，而不是后验。类别不均衡时这一项不为 0。请看先验那一行（或 log φ/(1 − φ) 这一项）。"),
        why_en: words!("What would the answer be before seeing any word or any coordinate?"),
        why_zh: words!("在看到任何词或任何坐标之前，答案会是多少？"),
    },
    Misconception {
        id: "decimal-log-for-ln",
        en: words!("The log-odds here are natural logarithms (ln, base e), not log₁₀: a log₁₀ answer is the right one divided by ln 10 ≈ 2.303, and σ(z) = 1/(1 + e⁻ᶻ) needs the natural one. Look at the base of the logarithm."),
        zh: words!("这里的对数几率用的是自然对数（ln，以 e 为底），不是 log₁₀：用 log₁₀ 算出的结果等于正确答案除以 ln 10 ≈ 2.303，而 σ(z) = 1/(1 + e⁻ᶻ) 需要的是自然对数。请看对数的底。"),
        why_en: words!("Which logarithm undoes the e in σ(z) = 1/(1 + e⁻ᶻ)?"),
        why_zh: words!("哪种对数能抵消 σ(z) = 1/(1 + e⁻ᶻ) 中的 e？"),
    },
    Misconception {
        id: "smoothing-denominator-count-missing",
        en: words!("The denominator adds α once for every possible outcome, so that the smoothed probabilities still sum to 1: n_c + α|V| over the |V| words (multinomial), N_c + 2α over present and absent (Bernoulli), N_c + S_j·α over an attribute's S_j values (categorical). Adding α only once is not enough. Look at how many outcomes share the pseudo-counts."),
        zh: words!("分母要为每一种可能的结果各加一次 α，平滑后的概率之和才仍为 1：多项式模型对 |V| 个词是 n_c + α|V|，伯努利模型对出现与不出现是 N_c + 2α，类别型模型对属性的 S_j 个取值是 N_c + S_j·α。只加一次 α 是不够的。请看有多少种结果分享这些伪计数。"),
        why_en: words!("If every outcome gets α extra in its numerator, how much must the total grow?"),
        why_zh: words!("如果每种结果的分子都多加了 α，总数必须增加多少？"),
    },
    Misconception {
        id: "frequent-word-strongest",
        en: words!("The word that is most frequent in a class does not necessarily push hardest toward that class: a word's evidence is log P(w | spam) − log P(w | ham), a ratio, so a word common in both classes says little. Look at the ratio of the two probabilities, not at one of them alone."),
        zh: words!("在某个类别中最常见的词不一定最能把结论推向该类别：词的证据是 log P(w | spam) − log P(w | ham)，是一个比值，所以两类中都常见的词说明不了多少。请看两个概率的比值，而不是只看其中一个。"),
        why_en: words!("How much evidence does a word give if it is just as common in the other class?"),
        why_zh: words!("如果一个词在另一个类别中同样常见，它能提供多少证据？"),
    },
    Misconception {
        id: "qda-wider-class-loses",
        en: words!("Under QDA the class with the wider spread does not lose ground: here, where the boundaries cross the line through the means, QDA's crossing sits nearer the mean of the class that is tighter along that line than GDA's does, because the wider Gaussian's density falls off more slowly along it. Compare the two clouds' spreads along the line through their means."),
        zh: words!("在 QDA 下，分布更宽的类别并不会失去地盘：在这里，在边界与均值连线相交之处，QDA 的交点比 GDA 的交点更靠近沿这条线更紧凑的那一类的均值，因为更宽的高斯密度沿这条线下降得更慢。请比较两个点云沿均值连线方向的分散程度。"),
        why_en: words!("Far from both means, which Gaussian's density is larger: the wide one or the narrow one?"),
        why_zh: words!("在远离两个均值的地方，哪个高斯的密度更大：宽的还是窄的？"),
    },
];

/// A change of the boundary, as the "which way it moves" prediction offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// The line slides, without turning, toward class 0.
    TowardClass0,
    /// The line slides, without turning, toward class 1.
    TowardClass1,
    /// The line turns and does not slide.
    Turns,
    /// The line slides and turns.
    SlidesAndTurns,
    /// The line does not move.
    Stays,
}

/// Below this angle (degrees) two true normals count as the same direction: they differ by
/// rounding only.
const SAME_DIRECTION_DEG: f64 = 1e-6;

fn check_tolerance(tol: f64) -> Result<()> {
    if tol.is_finite() && tol >= 0.0 {
        Ok(())
    } else {
        Err(bad("tolerance", tol.to_string(), "a tolerance must be a finite number of 0 or more"))
    }
}

/// "The prior turns the boundary" (`prior-turns-boundary`), after a change of the prior:
/// fires when the true line only slid (its normal `truth_after` has the direction of
/// `before`, to rounding) but the student's predicted line (normal `predicted`) is turned
/// more than `tol_deg` degrees from the line before. A right answer (parallel to the line
/// before) never fires.
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a NaN or infinite component, or a tolerance that
/// is negative or not finite.
pub fn detect_prior_turns(before: [f64; 2], truth_after: [f64; 2], predicted: [f64; 2], tol_deg: f64) -> Result<bool> {
    check_tolerance(tol_deg)?;
    let slid = angle_deg(before, truth_after)? <= SAME_DIRECTION_DEG;
    Ok(slid && angle_deg(before, predicted)? > tol_deg)
}

/// "The prior is ignored" (`midpoint-is-half`, `nearer-mean-wins`), for a predicted
/// posterior: fires when the student's `p_hat` is within `tol` (in logit units, see
/// [`logit_gap`]) of `p_flat`, the posterior the same model gives with the prior set to ½,
/// while the true posterior `p` is more than 2·`tol` from it. At the midpoint of the means
/// of a shared-Σ GDA, `p_flat` is ½ and `p` is φ. A right answer never fires (it is more
/// than `tol` from `p_flat`).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a probability outside [0, 1] or NaN, or a tolerance
/// that is negative or not finite.
pub fn detect_ignored_prior(p_hat: f64, p: f64, p_flat: f64, tol: f64) -> Result<bool> {
    check_tolerance(tol)?;
    let apart = logit_gap(p, p_flat)? > 2.0 * tol;
    Ok(apart && logit_gap(p_hat, p_flat)? <= tol)
}

fn check_losses(name: &'static str, (l01, l10): (f64, f64)) -> Result<()> {
    if l01.is_finite() && l10.is_finite() && l01 > 0.0 && l10 > 0.0 {
        Ok(())
    } else {
        Err(bad(name, format!("({l01}, {l10})"), "the losses λ₀₁ and λ₁₀ must be finite numbers above 0"))
    }
}

/// "The threshold is λ₀₁/(λ₀₁ + λ₁₀)" (`loss-threshold-swapped`), for a predicted threshold
/// `t_hat` on p(y = 1 | x) under the losses `(λ₀₁, λ₁₀)`: fires when `t_hat` is within `tol`
/// of the swapped threshold λ₀₁/(λ₀₁ + λ₁₀) while the true one, λ₁₀/(λ₀₁ + λ₁₀), is more
/// than 2·`tol` from it (equal losses make the two the same, and it never fires).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a loss that is not a finite number above 0,
/// `t_hat` outside [0, 1] or NaN, or a tolerance that is negative or not finite.
pub fn detect_swapped_loss_threshold(t_hat: f64, losses: (f64, f64), tol: f64) -> Result<bool> {
    check_tolerance(tol)?;
    check_losses("(λ₀₁, λ₁₀)", losses)?;
    if !(0.0..=1.0).contains(&t_hat) {
        return Err(bad("threshold", t_hat.to_string(), "a threshold on p(y = 1 | x) must be a number from 0 to 1"));
    }
    let (l01, l10) = losses;
    let truth = l10 / (l01 + l10);
    let swapped = l01 / (l01 + l10);
    Ok((truth - swapped).abs() > 2.0 * tol && (t_hat - swapped).abs() <= tol)
}

/// "Doubling both losses moves the decision" (`doubling-losses-moves-decision`): fires when
/// the losses changed from `before` to `after` by one common factor (the ratio λ₁₀/λ₀₁ is
/// unchanged, to 10⁻¹² relative), so the boundary stays, and the student predicted any
/// movement other than [`Movement::Stays`].
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a loss that is not a finite number above 0.
pub fn detect_scaled_losses_move(before: (f64, f64), after: (f64, f64), predicted: Movement) -> Result<bool> {
    check_losses("losses before", before)?;
    check_losses("losses after", after)?;
    let (r0, r1) = (before.1 / before.0, after.1 / after.0);
    let same_ratio = (r0 - r1).abs() <= 1e-12 * r0.max(r1);
    Ok(before != after && same_ratio && predicted != Movement::Stays)
}

/// "The boundary bisects the segment between the means at right angles"
/// (`boundary-perpendicular-bisector`), for a predicted line on the plot's `view`: fires when
/// the predicted rule agrees with the perpendicular bisector of μ₀μ₁ (the rule
/// (μ₁ − μ₀)ᵀ(x − (μ₀ + μ₁)/2) > 0) on at least 1 − `tol` of the view, while the true rule
/// agrees with it on less than 1 − 2·`tol` (the truth is turned or slid away from it). A right
/// answer never fires: it agrees with the bisector exactly as much as the truth does.
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a NaN or infinite input, coincident means, a bad
/// view (see [`line_agreement`]) or a tolerance that is negative or not finite.
pub fn detect_perpendicular_bisector(
    view: [f64; 4],
    mu0: [f64; 2],
    mu1: [f64; 2],
    truth: ([f64; 2], f64),
    predicted: ([f64; 2], f64),
    tol: f64,
) -> Result<bool> {
    check_tolerance(tol)?;
    if !mu0.iter().chain(&mu1).all(|c| c.is_finite()) {
        return Err(bad("means", format!("{mu0:?}, {mu1:?}"), "the means must be finite numbers"));
    }
    if mu0 == mu1 {
        return Err(bad("means", format!("{mu0:?}, {mu1:?}"), "coincident means have no perpendicular bisector"));
    }
    let d = [mu1[0] - mu0[0], mu1[1] - mu0[1]];
    let mid = [(mu0[0] + mu1[0]) / 2.0, (mu0[1] + mu1[1]) / 2.0];
    let bisector = (d, -(d[0] * mid[0] + d[1] * mid[1]));
    let truth_share = line_agreement(view, truth, bisector)?;
    let predicted_share = line_agreement(view, predicted, bisector)?;
    Ok(truth_share < 1.0 - 2.0 * tol && predicted_share >= 1.0 - tol)
}
