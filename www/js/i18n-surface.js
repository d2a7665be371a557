// English and Simplified Chinese for the GDA panel's 3-D view (keys "gda3d.…", gda3d.js).
// i18n.js merges these into its tables when the view is first shown (loadSurfaceStrings);
// the switch's label and the load failure's sentence are in i18n.js itself. (Its link
// rules are messages of the core, in messages.js.)

export const EN_SURFACE = {
  "gda3d.hint": "Each surface is one class's density times its prior. With equal losses Bayes' rule picks the taller surface, so the boundary on the floor lies right under the curve where they cross. Drag to turn the view; the arrow keys turn it when it has focus.",
  "gda3d.surface": "{name}: p(x | y = {c})·p(y = {c}), prior {prior}, peak {peak}",
  "gda3d.none": "This model has no class densities to draw.",
  "gda3d.height": "p(x | y)·p(y)",
  "gda3d.losses": "Losses λ₀₁ = {l01}, λ₁₀ = {l10}: the decision boundary (solid, as in the 2-D figure) is where λ₀₁·p(x | y = 1)p(y = 1) = λ₁₀·p(x | y = 0)p(y = 0); the surfaces cross above the dashed line.",
  "gda3d.aria": "3-D view: the class densities weighted by their priors, p(x | y = c)·p(y = c), as translucent surfaces over the plot, with the fitted ellipses and the decision boundary on the floor, right under the curve where the surfaces cross. Seen from {yaw}° round and {pitch}° up. Drag to turn it, or use the arrow keys: left and right turn it round, up and down tip it.",
  "gda3d.ariaLosses": "3-D view: the class densities weighted by their priors, p(x | y = c)·p(y = c), as translucent surfaces over the plot, with the fitted ellipses on the floor, the line right under the curve where the surfaces cross (dashed), and the decision boundary of these losses (solid), which lies off that line. Seen from {yaw}° round and {pitch}° up. Drag to turn it, or use the arrow keys: left and right turn it round, up and down tip it.",
};

export const ZH_SURFACE = {
  "gda3d.hint": "每个曲面是一个类别的密度乘以它的先验。损失相等时贝叶斯规则选较高的曲面，所以地面上的决策边界正好在两个曲面相交的曲线下方。拖动可旋转视图；视图获得焦点时，方向键也可旋转它。",
  "gda3d.surface": "{name}：p(x | y = {c})·p(y = {c})，先验 {prior}，峰值 {peak}",
  "gda3d.none": "这个模型没有可画的类别密度。",
  "gda3d.height": "p(x | y)·p(y)",
  "gda3d.losses": "损失 λ₀₁ = {l01}，λ₁₀ = {l10}：决策边界（实线，与二维图相同）在 λ₀₁·p(x | y = 1)p(y = 1) = λ₁₀·p(x | y = 0)p(y = 0) 处；两个曲面在虚线上方相交。",
  "gda3d.aria": "三维视图：按先验加权的类别密度 p(x | y = c)·p(y = c)，画成绘图区上方的半透明曲面；地面上是拟合的椭圆和决策边界，正好在曲面相交的曲线下方。视角：水平转 {yaw}°，仰角 {pitch}°。拖动可旋转，或用方向键：左右键水平旋转，上下键改变仰角。",
  "gda3d.ariaLosses": "三维视图：按先验加权的类别密度 p(x | y = c)·p(y = c)，画成绘图区上方的半透明曲面；地面上是拟合的椭圆、曲面相交曲线正下方的直线（虚线），以及这组损失下的决策边界（实线），它不在那条虚线上。视角：水平转 {yaw}°，仰角 {pitch}°。拖动可旋转，或用方向键：左右键水平旋转，上下键改变仰角。",
};
