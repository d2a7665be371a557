// English and Simplified Chinese for every label, explanation and error on the page.
// `t(lang, key, params)` looks a label up; `translateMessage(lang, text)` turns a sentence
// from the Rust core (written in English) into the page's language by its template.

const EN = {
  "app.tagline": "generative classifiers, live",
  "gda3d.toggle": "3-D view: p(x | y)·p(y)",
  "gda3d.failed": "The 3-D view could not be loaded ({msg}). The 2-D figure works as before; reload the page to try again.",
  "nav.gda": "Gaussian discriminant analysis",
  "nav.nb": "Naive Bayes",
  // The page's menu names the categorical and learning-curves panels before their strings
  // (i18n-cat.js, i18n-curves.js) are loaded.
  "cat.nav": "Categorical naive Bayes",
  "lc.nav": "Learning curves",
  "nav.label": "Panels",
  "boot.loading": "Loading the WebAssembly core…",
  "boot.failed": "genlab could not start: {msg}",
  "engine.recovered": "The engine behind this panel failed; it was restarted and your settings restored.",
  "engine.recoveredCorpus": "The engine behind this panel failed; it was restarted with your settings, but on the built-in corpus: load your own corpus again.",
  "engine.reload": "The engine behind this panel failed and was not restarted: reload the page to go on.",
  "engine.workerRestarted": "The learning curves' computation stopped responding; it was restarted.",
  "engine.workerReload": "The learning curves' computation stopped responding again: choose fewer sizes or splits, or reload the page.",
  "boot.no-wasm": "genlab needs WebAssembly, which this browser does not run or has turned off. Open this page in Safari 16 or newer (iPhone, iPad, Mac), or in a current Chrome, Edge or Firefox.",
  "boot.wasm-refused": "This browser is too old to run genlab safely: it cannot start WebAssembly under the page's security policy. Open this page in Safari 16 or newer (iPhone, iPad, Mac), or in a current Chrome, Edge or Firefox.",
  "boot.no-decompress": "This browser is too old to open genlab's single file: it cannot unpack the core the file carries compressed. Open the file in Safari 16.4 or newer (iPhone, iPad, Mac), or in a current Chrome, Edge or Firefox.",
  "shell.lang": "中文",
  "shell.langLabel": "切换到中文",
  "shell.projector": "Projector mode",
  "shell.copy": "Copy link",
  "shell.lessons": "Lessons",
  "shell.lms": "Download for your LMS",
  "shell.lmsTitle": "genlab: generative classifiers, live",
  "shell.lmsMaking": "Making the SCORM package…",
  "shell.lmsDone": "genlab-scorm.zip ({mb} MB) downloaded: upload it to your LMS as a SCORM 1.2 package. It opens in the state on screen now.",
  "shell.lmsFailed": "The SCORM package needs genlab.html beside this page, as in a release (scripts/dist.sh); it is not here.",
  "shell.copied": "Link copied to the clipboard.",
  "shell.copyManual": "Copy this link:",
  "shell.notices": "Some settings in the link were ignored or cut:",
  "shell.notice.unknown": "“{key}” is not a genlab setting",
  "shell.notice.repeated": "“{key}” appears twice; the first value counts",
  "shell.notice.invalid": "{key}: {rule}",
  "shell.notice.cut": "{key}: {rule}",
  "shell.notice.toolong": "the link is too long; the end was not read",
  "shell.notice.messagecut": "the message is cut: this link carries only its first {kept} of {whole} characters (the last {lost} are not in it), so the spam panel scores the cut message, and the whole message's verdict may differ. A long message travels whole as a file: save it as .eml or .txt and drop it on the message box",
  "shell.copiedOwn": "Link copied, but without your own points (a link cannot carry them): it opens on generated data. To share them, save them as CSV and paste them in where it is opened.",
  "shell.copiedOwnToo": "Nor does it carry your own points (save them as CSV and paste them in where it is opened).",
  "shell.copiedCut": "Link copied, but it cuts the message: it carries only the first {kept} of the message's {whole} characters (the last {lost} are left out), and opened it scores the cut message, whose verdict may differ. To share the whole message, save it as an .eml or .txt file and drop it on the message box.",
  "shell.dismiss": "Dismiss",
  "footer.text": "everything runs in your browser; nothing you type leaves this page. Each dataset is credited where it is shown.",
  "export.png": "Download figure (PNG)",

  "gda.title": "Gaussian Discriminant Analysis",
  "gda.lede": "Two classes, each a Gaussian with its own mean and one shared covariance Σ. The maximum-likelihood fit gives a posterior p(y=1|x) that is a logistic function of x, so the decision boundary is a straight line; give each class its own Σ (QDA, or naive Bayes with per-class variances) and it becomes a conic. Drag a class mean (or focus the plot and use the arrow keys) and watch the fit follow.",
  "gda.ledeK": "k classes, each a Gaussian with its own mean (one covariance Σ shared by all of them for GDA, one per class for QDA). The posterior p(y=c|x) turns the k class scores into probabilities that sum to 1, and each point of the plane goes to its most probable class: with a shared Σ the regions meet on straight lines, each a piece of the boundary between two classes. Drag any class mean (or focus the plot, press 1 to 5 and use the arrow keys) and watch the regions follow.",
  "gda.data": "Data",
  "gda.src.generated": "Generated Gaussian clouds",
  "gda.src.penguins-adelie-chinstrap": "Penguins: Adelie vs Chinstrap",
  "gda.src.penguins-adelie-gentoo": "Penguins: Adelie vs Gentoo",
  "gda.src.iris-versicolor-virginica": "Iris: versicolor vs virginica",
  "gda.src.penguins-three-species": "Penguins: all three species",
  "gda.src.iris-three-species": "Iris: all three species",
  "gda.classes": "Classes k",
  "gda.params": "Generating parameters",
  "gda.class0": "Class 0",
  "gda.class1": "Class 1",
  "gda.class2": "Class 2",
  "gda.class3": "Class 3",
  "gda.class4": "Class 4",
  "gda.seed": "Seed",
  "gda.resample": "New sample",
  "gda.numbers": "The fit, number by number",
  "gda.meanOf0": "mean of class 0",
  "gda.meanOf1": "mean of class 1",
  "gda.boundary": "Boundary",
  "gda.predict": "Predict the boundary",
  "gda.pointerHint": "Point at the plot to read p(y = 1 | x) there.",
  "gda.keys": "Keyboard: focus the plot, press 1 or 2 to pick a mean (1 to 5 with more classes), then the arrow keys (Shift for larger steps).",
  "gda.credit": "Data: {credit}",
  "gda.phiNote": "{k} of {m} points are class 1",
  "gda.outside": "(outside the plot)",
  "gda.rowsOfGda": "(w, b and this line belong to shared-Σ GDA with the fitted φ; the figure and p(y = 1 | x) below belong to {drawn}.)",
  "gda.drawnPrior": "{model} with φ′ = {phi}",
  "gda.posteriorDrawn": "(the drawn model)",
  "gda.at": "at x = {x}: p(y = 1 | x) = {p} ({pct})",
  "gda.atK": "at x = {x}: {ps}",
  "gda.pointerHintK": "Point at the plot to read every class's p(y = c | x) there.",
  "gda.aria": "GDA plot of {c0} (circles) and {c1} (triangles); class means at {m0} and {m1}; φ = {phi}.",
  "gda.ariaError": "GDA plot: {error}",
  "gda.live": "φ {phi}; boundary {eq}.",
  "gda.liveK": "{k} classes; priors {priors}; means {means}; decision: {rule}.",
  "gda.figure.fitted": "fitted 1σ, 2σ",
  "gda.figure.truth": "true Gaussians",
  "gda.figure.boundary": "boundary p = 0.5",
  "gda.figure.class0": "class 0",
  "gda.figure.class1": "class 1",
  "gda.figure.class2": "class 2",
  "gda.figure.class3": "class 3",
  "gda.figure.class4": "class 4",
  "gda.figure.regions": "decision boundary",
  "gda.figure.pairwise": "pairwise boundaries",
  "gda.pairwise": "Every pairwise boundary (dashed)",
  "gda.meanOfC": "mean of class c",
  "gda.kSigmaShared": "shared by every class",
  "gda.kSigmaPerClass": "one per class",
  "gda.kRule": "Decision",
  "gda.kRuleLinear": "the class c whose δc(x) is largest: {k} linear discriminants, straight boundaries",
  "gda.kRuleQuadratic": "the class with the largest log p(x, y = c): {k} quadratic scores, curved boundaries",
  "gda.ariaK": "GDA plot of {k} classes: {classes}; class means at {means}; regions coloured by the most probable class.",
  "gda.axis.x1": "x₁",
  "gda.axis.x2": "x₂",
  "gda.axis.bill length (mm)": "bill length (mm)",
  "gda.axis.bill depth (mm)": "bill depth (mm)",
  "gda.axis.petal length (cm)": "petal length (cm)",
  "gda.axis.petal width (cm)": "petal width (cm)",

  "gda.models": "Model",
  "gda.covariance": "Covariance",
  "gda.cov.shared": "shared Σ: GDA (linear)",
  "gda.cov.per-class": "Σ per class: QDA (conic)",
  "gda.cov.diagonal-per-class": "naive Bayes: diagonal Σs",
  "gda.cov.diagonal-shared": "naive Bayes: one diagonal Σ",
  "gda.logistic": "overlay logistic regression (discriminative)",
  "gda.lambda": "L2 strength λ",
  "gda.heat": "posterior heat map, contours p = 0.1, 0.9",
  "gda.decision": "Bayes decision rule",
  "gda.priorOverride": "override the prior p(y = 1) with φ′",
  "gda.loss01": "λ₀₁ (decide 0, truth 1)",
  "gda.loss10": "λ₁₀ (decide 1, truth 0)",
  "gda.decisionHelp": "Decide 1 when the log-odds exceeds log(λ₁₀/λ₀₁): where the conditional risks R(0|x) = λ₀₁ p(1|x) and R(1|x) = λ₁₀ p(0|x) are equal.",
  "gda.tools": "Your own points",
  "gda.mode.means": "drag means",
  "gda.mode.add0": "add class 0",
  "gda.mode.add1": "add class 1",
  "gda.mode.add2": "add class 2",
  "gda.mode.add3": "add class 3",
  "gda.mode.add4": "add class 4",
  "gda.mode.move": "move a point",
  "gda.mode.erase": "erase a point",
  "gda.outliers": "Add outliers to class 1",
  "gda.bimodal": "Make class 1 bimodal",
  "gda.csv": "Paste or load points (CSV)",
  "gda.csvHelp": "One point per line: x, y, label (a class from 0 to 4; labels 0 and 1 alone make two classes). A header line is fine.",
  "gda.csvApply": "Use these points",
  "gda.csvFile": "Load a CSV file of points",
  "gda.logisticRow": "Logistic regression",
  "gda.separable": "separable: no finite MLE; ridge fit with λ = {lambda}",
  "gda.softmaxRow": "Softmax regression (the logistic overlay)",
  "gda.softmaxRidge": "λ = 0 has no finite maximum-likelihood fit here: the data are separable for the k-class model (Albert & Anderson), so the likelihood rises without end, and the overlay shows the ridge fit with λ = {lambda}.",
  "gda.softmaxMle": "λ = 0: the maximum-likelihood fit.",
  "gda.softmaxMleDespitePairs": "λ = 0: the maximum-likelihood fit. {pairs} can be split by a line as a pair, but the data are not separable for the k-class model (Albert & Anderson), so its fit is finite.",
  "gda.softmaxPair": "{a} and {b}",
  "gda.softmaxPairSep": "; ",
  "gda.softmaxLambda": "ridge fit with λ = {lambda}",
  "gda.thresholdRow": "Threshold",
  "gda.riskRow": "Training risk",
  "gda.risk": "{incurred} (the model expects {expected})",
  "gda.thresholdValue": "{t}: decide 1 when p(y = 1 | x) > {p}",
  "gda.training": "Training fit, model by model",
  "gda.model": "model",
  "gda.accuracy": "accuracy",
  "gda.loglik": "conditional log-likelihood Σ log p(y|x)",
  "gda.confusion": "TN FP / FN TP",
  "gda.kConfusion": "confusion: a row per true class, a column per predicted class",
  "gda.model.gda": "GDA (shared Σ)",
  "gda.model.qda": "QDA",
  "gda.model.gnb": "Gaussian NB",
  "gda.model.logistic": "logistic regression",
  "gda.sigmasQda": "(QDA, divided by n_k)",
  "gda.sigmasGnb": "(naive Bayes: diagonal)",
  "gda.conic": "boundary: {kind}",
  "gda.figure.logistic": "logistic regression",
  "gda.figure.bayes": "Bayes decision boundary",
  "gda.figure.half": "p = 0.5 (fitted φ, equal losses)",
  "gda.csvFileError": "The file could not be read.",
  "gda.src.custom": "Your points",
  // Words, errors and accessibility (issue: errors next to their cause, Chinese complete,
  // text alternatives of the figures, scrolling boxes).
  "a11y.formula": "Formula (scrolls sideways)",
  "a11y.wordDetails": "Details of the word",
  "gda.ariaLine": " Decision boundary: {eq}.",
  "gda.ariaLineOutside": " Decision boundary {eq}, outside the plot.",
  "gda.ariaConic": " Decision boundary: {kind}.",
  "gda.conicKind.Ellipse": "an ellipse",
  "gda.conicKind.Hyperbola": "a hyperbola (two branches)",
  "gda.conicKind.Parabola": "a parabola",
  "gda.conicKind.CrossingLines": "two crossing lines",
  "gda.conicKind.ParallelLines": "two parallel lines",
  "gda.conicKind.Line": "a straight line",
  "gda.conicKind.Point": "a single point",
  "gda.conicKind.Empty": "none: one class wins everywhere",
  "gda.conicKind.Everywhere": "everywhere: the classes tie",
  "gda.csvPlaceholder": "x,y,label\n1.0,2.0,0\n3.5,4.1,1",
  "gda.className.Adelie": "Adelie",
  "gda.className.Chinstrap": "Chinstrap",
  "gda.className.Gentoo": "Gentoo",
  "gda.className.versicolor": "versicolor",
  "gda.className.virginica": "virginica",
  "gda.className.setosa": "setosa",
  // Print handout and themes (layout, print and dark mode).
  "print.link": "This exact state:",

  // GDA panel: the keyboard cursor of the point modes, coincident means, and a state a
  // link or a history step could not show.
  "gda.keys.add0": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 0 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add1": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 1 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add2": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 2 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add3": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 3 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add4": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 4 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.move": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter picks up the point nearest it and Enter again puts it down (Escape too), Delete or Backspace erases the point nearest it.",
  "gda.keys.erase": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter, Delete or Backspace erases the point nearest it.",
  "gda.key.added": "Added a point of {cls} at {x}.",
  "gda.key.erased": "Erased the point at {x}.",
  "gda.key.picked": "Picked up the point at {x}; move it with the arrow keys, Enter puts it down.",
  "gda.key.dropped": "Put the point down at {x}.",
  "gda.key.none": "There is no point here to pick.",
  "gda.coincident": "The means coincide: with one Σ shared by both classes w = 0, the features carry no evidence and the prior alone decides (no boundary).",
  "gda.coincidentSpread": "The means coincide: under the shared-Σ model w = 0 and only the prior decides (no line). The drawn model, with a Σ per class, still tells the classes apart by their spread.",
  "gda.snapped": "{a} snapped onto {b}.",
};

const ZH = {
  "app.tagline": "生成式分类器，实时演示",
  "gda3d.toggle": "三维视图：p(x | y)·p(y)",
  "gda3d.failed": "三维视图未能加载（{msg}）。二维图照常可用；重新加载页面可再试一次。",
  "nav.gda": "高斯判别分析",
  "nav.nb": "朴素贝叶斯",
  "cat.nav": "分类属性朴素贝叶斯",
  "lc.nav": "学习曲线",
  "nav.label": "面板",
  "boot.loading": "正在加载 WebAssembly 核心…",
  "boot.failed": "genlab 无法启动：{msg}",
  "engine.recovered": "此面板的计算引擎出错，已重新启动，您的设置已恢复。",
  "engine.recoveredCorpus": "此面板的计算引擎出错，已重新启动并恢复您的设置，但使用的是内置语料：请重新加载您自己的语料。",
  "engine.reload": "此面板的计算引擎出错，未重新启动：请重新加载页面以继续。",
  "engine.workerRestarted": "学习曲线的计算停止响应，已重新启动。",
  "engine.workerReload": "学习曲线的计算再次停止响应：请减少样本量或划分次数，或重新加载页面。",
  "boot.no-wasm": "genlab 需要 WebAssembly，而这个浏览器不支持或已将其关闭。请用 Safari 16 或更新版本（iPhone、iPad、Mac），或最新的 Chrome、Edge、Firefox 打开本页。",
  "boot.wasm-refused": "这个浏览器版本太旧，无法安全运行 genlab：在本页的安全策略下它不能启动 WebAssembly。请用 Safari 16 或更新版本（iPhone、iPad、Mac），或最新的 Chrome、Edge、Firefox 打开本页。",
  "boot.no-decompress": "这个浏览器版本太旧，打不开 genlab 的单文件版：它无法解开文件里压缩存放的核心。请用 Safari 16.4 或更新版本（iPhone、iPad、Mac），或最新的 Chrome、Edge、Firefox 打开这个文件。",
  "shell.lang": "English",
  "shell.langLabel": "Switch to English",
  "shell.projector": "投影模式",
  "shell.copy": "复制链接",
  "shell.lessons": "课程",
  "shell.lms": "下载 LMS 课件包",
  "shell.lmsTitle": "genlab：生成式分类器，实时演示",
  "shell.lmsMaking": "正在生成 SCORM 课件包…",
  "shell.lmsDone": "已下载 genlab-scorm.zip（{mb} MB）：在学习管理系统（LMS）中作为 SCORM 1.2 课件包上传即可。它打开时就是屏幕上现在的状态。",
  "shell.lmsFailed": "生成 SCORM 课件包需要本页旁边有 genlab.html（发布版里有，见 scripts/dist.sh）；这里没有。",
  "shell.copied": "链接已复制到剪贴板。",
  "shell.copyManual": "请复制此链接：",
  "shell.notices": "链接中的部分设置已被忽略或截断：",
  "shell.notice.unknown": "“{key}”不是 genlab 的设置",
  "shell.notice.repeated": "“{key}”出现了两次，以第一次为准",
  "shell.notice.invalid": "{key}：{rule}",
  "shell.notice.cut": "{key}：{rule}",
  "shell.notice.toolong": "链接过长，末尾部分未读取",
  "shell.notice.messagecut": "消息被截断：这个链接只带有它 {whole} 个字符中的前 {kept} 个（最后 {lost} 个不在其中），所以垃圾邮件面板给截断后的消息打分，完整消息的判定可能不同。长消息请作为文件完整传递：存成 .eml 或 .txt 文件，拖到消息框里",
  "shell.copiedOwn": "链接已复制，但不包含你自己的点（链接无法携带它们）：打开后显示的是生成的数据。要分享这些点，请把它们存成 CSV，在打开的页面中粘贴。",
  "shell.copiedOwnToo": "它也不包含你自己的点（请把它们存成 CSV，在打开的页面中粘贴）。",
  "shell.copiedCut": "链接已复制，但它截断了消息：它只带有消息 {whole} 个字符中的前 {kept} 个（最后 {lost} 个被略去），打开后给截断后的消息打分，判定可能不同。要分享完整消息，请把它存成 .eml 或 .txt 文件，拖到消息框里。",
  "shell.dismiss": "关闭",
  "footer.text": "所有计算都在你的浏览器中完成，你输入的内容不会离开本页。每个数据集在显示处注明来源。",
  "export.png": "下载图像（PNG）",

  "gda.title": "高斯判别分析",
  "gda.lede": "两个类别，各自服从一个高斯分布：均值不同，协方差 Σ 共享。最大似然拟合得到的后验 p(y=1|x) 是 x 的 逻辑斯谛函数，所以决策边界是一条直线；若每类各有自己的 Σ（QDA，或各类方差不同的朴素贝叶斯），边界就成为二次曲线。拖动类别均值（或聚焦图形后用方向键），观察拟合如何随之变化。",
  "gda.ledeK": "k 个类别，各自服从一个高斯分布，均值各不相同（GDA 让所有类别共享一个协方差 Σ，QDA 每类一个）。后验 p(y=c|x) 把 k 个类别得分变成总和为 1 的概率，平面上每一点归入它最可能的类别：共享 Σ 时，各区域在直线上相接，每段直线都是某两个类别之间边界的一部分。拖动任意类别均值（或聚焦图形，按 1 到 5 再用方向键），观察区域如何随之变化。",
  "gda.data": "数据",
  "gda.src.generated": "生成：高斯点云",
  "gda.src.penguins-adelie-chinstrap": "企鹅：阿德利与帽带",
  "gda.src.penguins-adelie-gentoo": "企鹅：阿德利与巴布亚",
  "gda.src.iris-versicolor-virginica": "鸢尾花：杂色与维吉尼亚",
  "gda.src.penguins-three-species": "企鹅：全部三个物种",
  "gda.src.iris-three-species": "鸢尾花：全部三个物种",
  "gda.classes": "类别数 k",
  "gda.params": "生成参数",
  "gda.class0": "类别 0",
  "gda.class1": "类别 1",
  "gda.class2": "类别 2",
  "gda.class3": "类别 3",
  "gda.class4": "类别 4",
  "gda.seed": "种子",
  "gda.resample": "重新采样",
  "gda.numbers": "逐项查看拟合结果",
  "gda.meanOf0": "类别 0 的均值",
  "gda.meanOf1": "类别 1 的均值",
  "gda.boundary": "边界",
  "gda.predict": "预测边界",
  "gda.pointerHint": "把指针移到图上，读取该处的 p(y = 1 | x)。",
  "gda.keys": "键盘：聚焦图形，按 1 或 2（类别更多时按 1 到 5）选择均值，再用方向键移动（按住 Shift 步长更大）。",
  "gda.credit": "数据：{credit}",
  "gda.phiNote": "{m} 个点中有 {k} 个属于类别 1",
  "gda.outside": "（在图外）",
  "gda.rowsOfGda": "（w、b 和这条直线属于共用 Σ、用拟合 φ 的 GDA；图形和下面的 p(y = 1 | x) 属于{drawn}。）",
  "gda.drawnPrior": "φ′ = {phi} 的{model}",
  "gda.posteriorDrawn": "（图中的模型）",
  "gda.at": "在 x = {x} 处：p(y = 1 | x) = {p}（{pct}）",
  "gda.atK": "在 x = {x} 处：{ps}",
  "gda.pointerHintK": "把指针移到图上，读取该处每个类别的 p(y = c | x)。",
  "gda.aria": "GDA 图：{c0}（圆点）与 {c1}（三角）；类别均值位于 {m0} 和 {m1}；φ = {phi}。",
  "gda.ariaError": "GDA 图：{error}",
  "gda.live": "φ {phi}；边界 {eq}。",
  "gda.liveK": "{k} 个类别；先验 {priors}；均值 {means}；决策：{rule}。",
  "gda.figure.fitted": "拟合的 1σ、2σ",
  "gda.figure.truth": "真实高斯分布",
  "gda.figure.boundary": "边界 p = 0.5",
  "gda.figure.class0": "类别 0",
  "gda.figure.class1": "类别 1",
  "gda.figure.class2": "类别 2",
  "gda.figure.class3": "类别 3",
  "gda.figure.class4": "类别 4",
  "gda.figure.regions": "决策边界",
  "gda.figure.pairwise": "两两边界",
  "gda.pairwise": "所有两两边界（虚线）",
  "gda.meanOfC": "类别 c 的均值",
  "gda.kSigmaShared": "所有类别共享",
  "gda.kSigmaPerClass": "每个类别一个",
  "gda.kRule": "决策",
  "gda.kRuleLinear": "取 δc(x) 最大的类别 c：{k} 个线性判别函数，边界为直线",
  "gda.kRuleQuadratic": "取 log p(x, y = c) 最大的类别：{k} 个二次得分，边界为曲线",
  "gda.ariaK": "{k} 个类别的 GDA 图：{classes}；类别均值位于 {means}；区域按最可能的类别着色。",
  "gda.axis.x1": "x₁",
  "gda.axis.x2": "x₂",
  "gda.axis.bill length (mm)": "嘴峰长度 (mm)",
  "gda.axis.bill depth (mm)": "嘴峰深度 (mm)",
  "gda.axis.petal length (cm)": "花瓣长度 (cm)",
  "gda.axis.petal width (cm)": "花瓣宽度 (cm)",

  "gda.models": "模型",
  "gda.covariance": "协方差",
  "gda.cov.shared": "共享 Σ：GDA（线性）",
  "gda.cov.per-class": "每类一个 Σ：QDA（二次曲线）",
  "gda.cov.diagonal-per-class": "朴素贝叶斯：每类对角 Σ",
  "gda.cov.diagonal-shared": "朴素贝叶斯：共享对角 Σ",
  "gda.logistic": "叠加 逻辑回归（判别式）",
  "gda.lambda": "L2 强度 λ",
  "gda.heat": "后验热图，等高线 p = 0.1、0.9",
  "gda.decision": "贝叶斯决策规则",
  "gda.priorOverride": "用 φ′ 替换先验 p(y = 1)",
  "gda.loss01": "λ₀₁（判为 0，真实为 1）",
  "gda.loss10": "λ₁₀（判为 1，真实为 0）",
  "gda.decisionHelp": "当对数几率超过 log(λ₁₀/λ₀₁) 时判为 1：即条件风险 R(0|x) = λ₀₁ p(1|x) 与 R(1|x) = λ₁₀ p(0|x) 相等之处。",
  "gda.tools": "你自己的点",
  "gda.mode.means": "拖动均值",
  "gda.mode.add0": "添加类别 0",
  "gda.mode.add1": "添加类别 1",
  "gda.mode.add2": "添加类别 2",
  "gda.mode.add3": "添加类别 3",
  "gda.mode.add4": "添加类别 4",
  "gda.mode.move": "移动一个点",
  "gda.mode.erase": "删除一个点",
  "gda.outliers": "给类别 1 加离群点",
  "gda.bimodal": "让类别 1 变成双峰",
  "gda.csv": "粘贴或加载点（CSV）",
  "gda.csvHelp": "每行一个点：x, y, 标签（0 到 4 之间的类别；只有 0 和 1 时为两个类别）。可以有表头行。",
  "gda.csvApply": "使用这些点",
  "gda.csvFile": "加载点的 CSV 文件",
  "gda.logisticRow": "逻辑回归",
  "gda.separable": "线性可分：最大似然估计不存在（有限值）；显示 λ = {lambda} 的岭回归拟合",
  "gda.softmaxRow": "多项逻辑回归（逻辑回归叠加层）",
  "gda.softmaxRidge": "此处 λ = 0 没有有限的最大似然解：数据对 k 类模型是可分的，似然可以无限增大，所以叠加层显示 λ = {lambda} 的岭回归拟合。",
  "gda.softmaxMle": "λ = 0：最大似然拟合。",
  "gda.softmaxMleDespitePairs": "λ = 0：最大似然拟合。{pairs}作为一对可以用一条直线分开，但数据对 k 类模型不可分，所以它的拟合是有限的。",
  "gda.softmaxPair": "{a}与{b}",
  "gda.softmaxPairSep": "；",
  "gda.softmaxLambda": "λ = {lambda} 的岭回归拟合",
  "gda.thresholdRow": "阈值",
  "gda.riskRow": "训练风险",
  "gda.risk": "{incurred}（模型预期 {expected}）",
  "gda.thresholdValue": "{t}：当 p(y = 1 | x) > {p} 时判为 1",
  "gda.training": "各模型在训练集上的拟合",
  "gda.model": "模型",
  "gda.accuracy": "准确率",
  "gda.loglik": "条件对数似然 Σ log p(y|x)",
  "gda.confusion": "真阴 假阳 / 假阴 真阳",
  "gda.kConfusion": "混淆矩阵：每行一个真实类别，每列一个预测类别",
  "gda.model.gda": "GDA（共享 Σ）",
  "gda.model.qda": "QDA",
  "gda.model.gnb": "高斯朴素贝叶斯",
  "gda.model.logistic": "逻辑回归",
  "gda.sigmasQda": "（QDA，除以 n_k）",
  "gda.sigmasGnb": "（朴素贝叶斯：对角）",
  "gda.conic": "边界：{kind}",
  "gda.figure.logistic": "逻辑回归",
  "gda.figure.bayes": "贝叶斯决策边界",
  "gda.figure.half": "p = 0.5（拟合的 φ，损失相等）",
  "gda.csvFileError": "无法读取该文件。",
  "gda.src.custom": "你的点",
  // Words, errors and accessibility (issue: errors next to their cause, Chinese complete,
  // text alternatives of the figures, scrolling boxes).
  "a11y.formula": "公式（可左右滚动）",
  "a11y.wordDetails": "该词的详细信息",
  "gda.ariaLine": "决策边界：{eq}。",
  "gda.ariaLineOutside": "决策边界 {eq} 在图外。",
  "gda.ariaConic": "决策边界：{kind}。",
  "gda.conicKind.Ellipse": "椭圆",
  "gda.conicKind.Hyperbola": "双曲线（两支）",
  "gda.conicKind.Parabola": "抛物线",
  "gda.conicKind.CrossingLines": "两条相交直线",
  "gda.conicKind.ParallelLines": "两条平行直线",
  "gda.conicKind.Line": "直线",
  "gda.conicKind.Point": "一个点",
  "gda.conicKind.Empty": "不存在：处处都是同一类胜出",
  "gda.conicKind.Everywhere": "处处：两类打平",
  "gda.csvPlaceholder": "x,y,标签\n1.0,2.0,0\n3.5,4.1,1",
  "gda.className.Adelie": "阿德利企鹅",
  "gda.className.Chinstrap": "帽带企鹅",
  "gda.className.Gentoo": "巴布亚企鹅",
  "gda.className.versicolor": "杂色鸢尾",
  "gda.className.virginica": "维吉尼亚鸢尾",
  "gda.className.setosa": "山鸢尾",
  // Print handout and themes (layout, print and dark mode).
  "print.link": "此状态的链接：",

  // GDA panel: the keyboard cursor of the point modes, coincident means, and a state a
  // link or a history step could not show.
  "gda.keys.add0": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter 在该处添加一个类别 0 的点，按 Delete 或 Backspace 删除离它最近的点。",
  "gda.keys.add1": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter 在该处添加一个类别 1 的点，按 Delete 或 Backspace 删除离它最近的点。",
  "gda.keys.add2": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter 在该处添加一个类别 2 的点，按 Delete 或 Backspace 删除离它最近的点。",
  "gda.keys.add3": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter 在该处添加一个类别 3 的点，按 Delete 或 Backspace 删除离它最近的点。",
  "gda.keys.add4": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter 在该处添加一个类别 4 的点，按 Delete 或 Backspace 删除离它最近的点。",
  "gda.keys.move": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter 拿起离它最近的点，再按 Enter（或 Escape）放下，按 Delete 或 Backspace 删除离它最近的点。",
  "gda.keys.erase": "键盘：聚焦图形，用方向键移动十字（按住 Shift 步长更大），按 Enter、Delete 或 Backspace 删除离它最近的点。",
  "gda.key.added": "在 {x} 处添加了一个{cls}的点。",
  "gda.key.erased": "删除了 {x} 处的点。",
  "gda.key.picked": "拿起了 {x} 处的点；用方向键移动它，按 Enter 放下。",
  "gda.key.dropped": "把点放在了 {x} 处。",
  "gda.key.none": "这里没有可选的点。",
  "gda.coincident": "两个均值重合：两类共用一个 Σ 时 w = 0，特征不提供任何证据，只由先验决定（没有边界）。",
  "gda.coincidentSpread": "两个均值重合：在共用 Σ 的模型下 w = 0，只由先验决定（没有直线）。图中的模型每类各有一个 Σ，仍能凭离散程度区分两类。",
  "gda.snapped": "{a} 已吸附到 {b} 上。",
};



export const DICTS = { en: EN, "zh-CN": ZH };
export const LANGS = Object.keys(DICTS);

/** The label `key` in `lang` with `{name}` placeholders filled from `params`. */
export function t(lang, key, params = {}) {
  const dict = DICTS[lang] || EN;
  const raw = key in dict ? dict[key] : EN[key];
  if (raw === undefined) return key;
  if (Array.isArray(raw)) return raw;
  return raw.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fills every element under `root` that has `data-i18n` (text), `data-i18n-aria`
 * (aria-label), `data-i18n-placeholder` or `data-i18n-title` with `lang`'s words. */
export function applyLabels(root, lang) {
  // A text or attribute already in place is left alone: rewriting it would make the browser
  // restyle and lay the panel out again (a page's first panel is laid out before the core
  // arrives, js/genlab.js prepare).
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = t(lang, el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const [selector, key, attribute] of LABEL_ATTRIBUTES) {
    for (const el of root.querySelectorAll(selector)) {
      const text = t(lang, el.dataset[key]);
      if (el.getAttribute(attribute) !== text) el.setAttribute(attribute, text);
    }
  }
}
const LABEL_ATTRIBUTES = [["[data-i18n-aria]", "i18nAria", "aria-label"], ["[data-i18n-placeholder]", "i18nPlaceholder", "placeholder"], ["[data-i18n-title]", "i18nTitle", "title"]];

// Sentences of the Rust core not yet split into codes, by template: [pattern, Chinese
// builder]; parameters caught by the pattern are kept as they are. The spam panel's sentences
// cross as messages (js/messages.js); left here are the GDA panel's risk on no points and the
// lines of the learning curves' data files.
const TEMPLATES_ZH = [
  [/^Line (\d+): (.*)$/s, (m) => `第 ${m[1]} 行：${lineReasonZh(m[2])}`],
  [/^There are no points to estimate the risk on\.$/s, () => "没有可用来估计风险的点。"],
];

/** The reason a line of a data file is bad, in Chinese. */
function lineReasonZh(reason) {
  const m = reason.match(/^(\S+)(?: “(.*)”)? is not a number( \(write decimals with a point: 1\.5\))?.*$/s);
  return m ? `${m[1]}${m[2] ? `“${m[2]}”` : ""} 不是一个数${m[3] ? "（小数请用小数点书写：1.5）" : ""}。` : reason;
}

/** A sentence from the Rust core in `lang` (English sentences pass through unchanged). */
export function translateMessage(lang, text) {
  if (lang !== "zh-CN" || typeof text !== "string") return text;
  for (const [re, build] of TEMPLATES_ZH) {
    const m = text.match(re);
    if (m) return build(m);
  }
  return text;
}

/**
 * Merges a panel's strings module (`loading`: the promise of it) into the tables, as `pick` names
 * its parts: `en` and `zh` (its words), `templates` (the Chinese of its core's sentences,
 * checked first: their patterns are specific to that panel). Each loader below keeps its promise, so a module is merged once.
 */
function mergeStrings(loading, pick) {
  return loading.then((m) => {
    const { en, zh, templates = [] } = pick(m);
    Object.assign(EN, en);
    Object.assign(ZH, zh);
    TEMPLATES_ZH.unshift(...templates);
  });
}

// Each panel's strings but the GDA and spam panels' load when they are first needed: with
// the panel (js/genlab.js) or the view; never before the page's first panel.
let surfaceStrings = null;
/** The GDA panel's 3-D view's words (i18n-surface.js). */
export function loadSurfaceStrings() {
  surfaceStrings ??= mergeStrings(import("./i18n-surface.js"), (m) => ({ en: m.EN_SURFACE, zh: m.ZH_SURFACE }));
  return surfaceStrings;
}

let nbStrings = null;
/** The spam panel's words (i18n-nb.js), loaded with the panel: a first visit to the GDA panel
 * does not wait for them. */
export function loadNbStrings() {
  nbStrings ??= mergeStrings(import("./i18n-nb.js"), (m) => ({ en: m.EN_NB, zh: m.ZH_NB }));
  return nbStrings;
}

let catStrings = null;
/** The categorical naive Bayes panel's words and its core's sentences (i18n-cat.js). */
export function loadCatStrings() {
  catStrings ??= mergeStrings(import("./i18n-cat.js"), (m) => ({ en: m.EN_CAT, zh: m.ZH_CAT, templates: m.CAT_TEMPLATES_ZH }));
  return catStrings;
}

let curvesStrings = null;
/** The learning-curves panel's words (i18n-curves.js). */
export function loadCurvesStrings() {
  curvesStrings ??= mergeStrings(import("./i18n-curves.js"), (m) => ({ en: m.EN_CURVES, zh: m.ZH_CURVES }));
  return curvesStrings;
}
