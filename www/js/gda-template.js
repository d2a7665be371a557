// The GDA panel's markup: a fixed string written here (never user text), turned into DOM
// once per mounted panel; `{{id}}` becomes a prefix unique to that panel so that several
// panels on one page keep their labels and controls apart. Words come from i18n.js through
// the data-i18n attributes. (Each panel's template is its own module, loaded with that
// panel: the first load, which shows this panel, fetches no other panel's markup.)

export const GDA = `
<h2 id="{{id}}-title" data-i18n="gda.title"></h2>
<p class="lede" data-role="lede" data-i18n="gda.lede"></p>
<div class="gda-grid">
  <figure class="figure">
    <div class="canvas-box" data-role="box">
      <canvas id="{{id}}-canvas" data-role="canvas" tabindex="0" role="img" aria-roledescription="interactive plot"
        aria-describedby="{{id}}-keys"></canvas>
    </div>
    <figcaption>
      <p class="explain" data-role="coincide-note" hidden></p>
      <p class="readout" data-role="pointer"></p>
      <p id="{{id}}-keys" class="hint" data-role="keys"></p>
      <p class="sr-only" data-role="cursor-live" aria-live="polite"></p>
      <p class="credit" data-role="credit" hidden></p>
      <p class="actions" data-control="predict"><button type="button" data-role="predict" data-i18n="gda.predict"></button></p>
      <p class="actions" data-control="export"><button type="button" data-role="export" data-i18n="export.png"></button></p>
    </figcaption>
  </figure>

  <form class="controls" data-role="controls" autocomplete="off">
    <label class="field-row stack" data-control="source"><span data-i18n="gda.data"></span>
      <select data-role="source">
        <option value="generated" data-i18n="gda.src.generated"></option>
        <option value="penguins-adelie-chinstrap" data-i18n="gda.src.penguins-adelie-chinstrap"></option>
        <option value="penguins-adelie-gentoo" data-i18n="gda.src.penguins-adelie-gentoo"></option>
        <option value="iris-versicolor-virginica" data-i18n="gda.src.iris-versicolor-virginica"></option>
        <option value="penguins-three-species" data-i18n="gda.src.penguins-three-species"></option>
        <option value="iris-three-species" data-i18n="gda.src.iris-three-species"></option>
      </select>
    </label>
    <fieldset class="generated" data-role="generated">
      <legend class="sr-only" data-i18n="gda.params"></legend>
      <label class="field-row" data-control="classes"><span data-i18n="gda.classes"></span>
        <select data-role="classes">
          <option value="2">2</option><option value="3">3</option><option value="4">4</option><option value="5">5</option>
        </select>
      </label>
      <fieldset class="class c0">
        <legend><span class="swatch c0" aria-hidden="true">●</span> <span data-i18n="gda.class0"></span></legend>
        <label data-control="n">n₀ <input type="range" data-role="n0" data-range="points-per-class" min="1" max="500" step="1"><output></output></label>
        <label data-control="sd">σₓ <input type="range" data-role="sdx0" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="sd">σᵧ <input type="range" data-role="sdy0" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="rho">ρ <input type="range" data-role="rho0" data-range="rho" min="-0.95" max="0.95" step="0.05"><output></output></label>
      </fieldset>
      <fieldset class="class c1">
        <legend><span class="swatch c1" aria-hidden="true">▲</span> <span data-i18n="gda.class1"></span></legend>
        <label data-control="n">n₁ <input type="range" data-role="n1" data-range="points-per-class" min="1" max="500" step="1"><output></output></label>
        <label data-control="sd">σₓ <input type="range" data-role="sdx1" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="sd">σᵧ <input type="range" data-role="sdy1" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="rho">ρ <input type="range" data-role="rho1" data-range="rho" min="-0.95" max="0.95" step="0.05"><output></output></label>
      </fieldset>
      <fieldset class="class c2" data-class="2" hidden>
        <legend><span class="swatch c2" aria-hidden="true">■</span> <span data-i18n="gda.class2"></span></legend>
        <label data-control="n">n₂ <input type="range" data-role="n2" data-range="points-per-class" min="1" max="500" step="1"><output></output></label>
        <label data-control="sd">σₓ <input type="range" data-role="sdx2" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="sd">σᵧ <input type="range" data-role="sdy2" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="rho">ρ <input type="range" data-role="rho2" data-range="rho" min="-0.95" max="0.95" step="0.05"><output></output></label>
      </fieldset>
      <fieldset class="class c3" data-class="3" hidden>
        <legend><span class="swatch c3" aria-hidden="true">◆</span> <span data-i18n="gda.class3"></span></legend>
        <label data-control="n">n₃ <input type="range" data-role="n3" data-range="points-per-class" min="1" max="500" step="1"><output></output></label>
        <label data-control="sd">σₓ <input type="range" data-role="sdx3" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="sd">σᵧ <input type="range" data-role="sdy3" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="rho">ρ <input type="range" data-role="rho3" data-range="rho" min="-0.95" max="0.95" step="0.05"><output></output></label>
      </fieldset>
      <fieldset class="class c4" data-class="4" hidden>
        <legend><span class="swatch c4" aria-hidden="true">▼</span> <span data-i18n="gda.class4"></span></legend>
        <label data-control="n">n₄ <input type="range" data-role="n4" data-range="points-per-class" min="1" max="500" step="1"><output></output></label>
        <label data-control="sd">σₓ <input type="range" data-role="sdx4" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="sd">σᵧ <input type="range" data-role="sdy4" data-range="sigma" min="0.2" max="3" step="0.05"><output></output></label>
        <label data-control="rho">ρ <input type="range" data-role="rho4" data-range="rho" min="-0.95" max="0.95" step="0.05"><output></output></label>
      </fieldset>
      <div class="field-row seed" data-control="seed">
        <label><span data-i18n="gda.seed"></span> <input type="number" data-role="seed" data-range="seed" min="0" step="1" inputmode="numeric"></label>
        <button type="button" data-role="resample" data-i18n="gda.resample"></button>
      </div>
    </fieldset>
    <fieldset class="models" data-control="models">
      <legend data-i18n="gda.models"></legend>
      <label class="stack"><span data-i18n="gda.covariance"></span>
        <select data-role="covariance">
          <option value="shared" data-i18n="gda.cov.shared"></option>
          <option value="per-class" data-i18n="gda.cov.per-class"></option>
          <option value="diagonal-per-class" data-i18n="gda.cov.diagonal-per-class"></option>
          <option value="diagonal-shared" data-i18n="gda.cov.diagonal-shared"></option>
        </select>
      </label>
      <label class="check"><input type="checkbox" data-role="logistic"> <span data-i18n="gda.logistic"></span></label>
      <label class="check small"><span data-i18n="gda.lambda"></span> <input type="number" data-role="lambda" data-range="l2" min="0" max="1000000" step="any" value="0" inputmode="decimal"></label>
      <label class="check"><input type="checkbox" data-role="heat"> <span data-i18n="gda.heat"></span></label>
      <label class="check" data-control="pairwise" hidden><input type="checkbox" data-role="pairwise"> <span data-i18n="gda.pairwise"></span></label>
    </fieldset>
    <fieldset class="decision" data-control="decision">
      <legend data-i18n="gda.decision"></legend>
      <label class="check"><input type="checkbox" data-role="prior-on"> <span data-i18n="gda.priorOverride"></span></label>
      <label data-control="prior">φ′ <input type="range" data-role="prior" data-range="prior-phi" min="0.01" max="0.99" step="0.01" value="0.5"><output></output></label>
      <label class="check small"><span data-i18n="gda.loss01"></span> <input type="number" data-role="loss01" data-range="loss" min="0.01" max="1000" step="any" value="1" inputmode="decimal"></label>
      <label class="check small"><span data-i18n="gda.loss10"></span> <input type="number" data-role="loss10" data-range="loss" min="0.01" max="1000" step="any" value="1" inputmode="decimal"></label>
      <p class="hint" data-i18n="gda.decisionHelp"></p>
    </fieldset>
    <fieldset class="tools" data-control="tools">
      <legend data-i18n="gda.tools"></legend>
      <div class="modes" role="radiogroup" data-i18n-aria="gda.tools">
        <label><input type="radio" name="{{id}}-mode" data-role="mode" value="means" checked> <span data-i18n="gda.mode.means"></span></label>
        <label><input type="radio" name="{{id}}-mode" data-role="mode" value="add0"> <span data-i18n="gda.mode.add0"></span></label>
        <label><input type="radio" name="{{id}}-mode" data-role="mode" value="add1"> <span data-i18n="gda.mode.add1"></span></label>
        <label data-class="2" hidden><input type="radio" name="{{id}}-mode" data-role="mode" value="add2"> <span data-i18n="gda.mode.add2"></span></label>
        <label data-class="3" hidden><input type="radio" name="{{id}}-mode" data-role="mode" value="add3"> <span data-i18n="gda.mode.add3"></span></label>
        <label data-class="4" hidden><input type="radio" name="{{id}}-mode" data-role="mode" value="add4"> <span data-i18n="gda.mode.add4"></span></label>
        <label><input type="radio" name="{{id}}-mode" data-role="mode" value="move"> <span data-i18n="gda.mode.move"></span></label>
        <label><input type="radio" name="{{id}}-mode" data-role="mode" value="erase"> <span data-i18n="gda.mode.erase"></span></label>
      </div>
      <div class="buttons">
        <button type="button" data-role="outliers" data-i18n="gda.outliers"></button>
        <button type="button" data-role="bimodal" data-i18n="gda.bimodal"></button>
      </div>
      <details>
        <summary data-i18n="gda.csv"></summary>
        <label for="{{id}}-csv" class="block-label hint" data-i18n="gda.csvHelp"></label>
        <textarea id="{{id}}-csv" data-role="csv" rows="4" spellcheck="false" data-i18n-placeholder="gda.csvPlaceholder"></textarea>
        <div class="buttons">
          <button type="button" data-role="csv-apply" data-i18n="gda.csvApply"></button>
          <input type="file" data-role="csv-file" accept=".csv,.txt,text/csv,text/plain" data-i18n-aria="gda.csvFile">
        </div>
      </details>
    </fieldset>
    <p class="input-error" data-role="input-error" role="alert" hidden></p>
  </form>

  <div class="numbers" data-control="numbers">
    <h3 data-i18n="gda.numbers"></h3>
    <p class="explain" data-role="error" role="status" hidden></p>
    <table data-role="classes-numbers" hidden>
      <tbody>
        <tr><th scope="row"><math><msub><mi>π</mi><mi>c</mi></msub><mo>=</mo><mfrac><msub><mi>m</mi><mi>c</mi></msub><mi>m</mi></mfrac></math></th><td data-role="k-priors"></td></tr>
        <tr><th scope="row"><math><msub><mi>μ</mi><mi>c</mi></msub></math> <span data-i18n="gda.meanOfC"></span></th><td data-role="k-means"></td></tr>
        <tr><th scope="row"><math><mi>Σ</mi></math> <span data-role="k-sigma-label"></span></th><td data-role="k-sigmas"></td></tr>
        <tr data-role="row-k-deltas"><th scope="row"><math><msub><mi>δ</mi><mi>c</mi></msub><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo><mo>=</mo><msubsup><mi>w</mi><mi>c</mi><mi>T</mi></msubsup><mi>x</mi><mo>+</mo><msub><mi>b</mi><mi>c</mi></msub></math></th><td data-role="k-deltas"></td></tr>
        <tr><th scope="row"><span data-i18n="gda.kRule"></span> <math><mover><mi>y</mi><mo>^</mo></mover><mo>=</mo><munder><mi>argmax</mi><mi>c</mi></munder><mi>p</mi><mo stretchy="false">(</mo><mi>y</mi><mo>=</mo><mi>c</mi><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo></math></th><td data-role="k-rule"></td></tr>
        <tr data-role="row-k-logistic" hidden><th scope="row" data-i18n="gda.softmaxRow"></th><td data-role="k-logistic"></td></tr>
      </tbody>
    </table>
    <table data-role="two-numbers">
      <tbody>
        <tr><th scope="row"><math><mi>φ</mi><mo>=</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>∑</mo><mn>1</mn><mo stretchy="false">{</mo><msup><mi>y</mi><mrow><mo stretchy="false">(</mo><mi>i</mi><mo stretchy="false">)</mo></mrow></msup><mo>=</mo><mn>1</mn><mo stretchy="false">}</mo></math></th>
          <td data-role="phi"></td></tr>
        <tr><th scope="row"><math><msub><mi>μ</mi><mn>0</mn></msub></math> <span data-i18n="gda.meanOf0"></span></th><td data-role="mu0"></td></tr>
        <tr><th scope="row"><math><msub><mi>μ</mi><mn>1</mn></msub></math> <span data-i18n="gda.meanOf1"></span></th><td data-role="mu1"></td></tr>
        <tr><th scope="row"><math><mi>Σ</mi><mo>=</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>∑</mo><mo stretchy="false">(</mo><mi>x</mi><mo>−</mo><msub><mi>μ</mi><mi>y</mi></msub><mo stretchy="false">)</mo><msup><mrow><mo stretchy="false">(</mo><mi>x</mi><mo>−</mo><msub><mi>μ</mi><mi>y</mi></msub><mo stretchy="false">)</mo></mrow><mi>T</mi></msup></math></th><td data-role="sigma"></td></tr>
        <tr><th scope="row"><math><mi>w</mi><mo>=</mo><msup><mi>Σ</mi><mrow><mo>−</mo><mn>1</mn></mrow></msup><mo stretchy="false">(</mo><msub><mi>μ</mi><mn>1</mn></msub><mo>−</mo><msub><mi>μ</mi><mn>0</mn></msub><mo stretchy="false">)</mo></math></th><td data-role="w"></td></tr>
        <tr><th scope="row"><math><mi>b</mi><mo>=</mo><mo>−</mo><msup><mi>w</mi><mi>T</mi></msup><mfrac><mrow><msub><mi>μ</mi><mn>0</mn></msub><mo>+</mo><msub><mi>μ</mi><mn>1</mn></msub></mrow><mn>2</mn></mfrac><mo>+</mo><mi>log</mi><mfrac><mi>φ</mi><mrow><mn>1</mn><mo>−</mo><mi>φ</mi></mrow></mfrac></math></th><td data-role="b"></td></tr>
        <tr><th scope="row"><span data-i18n="gda.boundary"></span> <math><msup><mi>w</mi><mi>T</mi></msup><mi>x</mi><mo>+</mo><mi>b</mi><mo>=</mo><mn>0</mn></math></th><td data-role="boundary"></td></tr>
        <tr><th scope="row"><math><mi>p</mi><mo stretchy="false">(</mo><mi>y</mi><mo>=</mo><mn>1</mn><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo></math> <span data-i18n="gda.posteriorDrawn"></span></th><td data-role="posterior">—</td></tr>
        <tr data-role="row-sigmas" hidden><th scope="row"><math><msub><mi>Σ</mi><mn>0</mn></msub><mo>,</mo><msub><mi>Σ</mi><mn>1</mn></msub></math> <span data-role="sigmas-label"></span></th><td data-role="sigmas"></td></tr>
        <tr data-role="row-logistic" hidden><th scope="row"><span data-i18n="gda.logisticRow"></span> <math><msub><mi>w</mi><mtext>LR</mtext></msub><mo>,</mo><msub><mi>b</mi><mtext>LR</mtext></msub></math></th><td data-role="logistic-numbers"></td></tr>
        <tr><th scope="row"><span data-i18n="gda.thresholdRow"></span> <math><mi>log</mi><mfrac><msub><mi>λ</mi><mn>10</mn></msub><msub><mi>λ</mi><mn>01</mn></msub></mfrac></math></th><td data-role="threshold"></td></tr>
        <tr><th scope="row"><span data-i18n="gda.riskRow"></span> <math><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>∑</mo><msub><mi>λ</mi><mrow><mi>δ</mi><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo><mi>y</mi></mrow></msub></math></th><td data-role="risk"></td></tr>
      </tbody>
    </table>
    <h3 data-i18n="gda.training"></h3>
    <table class="reports">
      <thead><tr><th scope="col" data-i18n="gda.model"></th><th scope="col" data-i18n="gda.accuracy"></th><th scope="col" data-i18n="gda.loglik"></th><th scope="col" data-role="confusion-head" data-i18n="gda.confusion"></th></tr></thead>
      <tbody data-role="reports"></tbody>
    </table>
    <p class="sr-only" data-role="live" aria-live="polite"></p>
  </div>
</div>`;
