// The categorical naive Bayes panel's markup: a fixed string written here (never user text),
// turned into DOM once per mounted panel; `{{id}}` becomes a prefix unique to that panel.
// Words come from i18n-cat.js through the data-i18n attributes. The training table, the
// query's selects, the per-class breakdown and the count tables are built by cat.js.

export const CAT = `
<h2 id="{{id}}-title" data-i18n="cat.title"></h2>
<p class="lede"><span data-i18n="cat.lede"></span>
  <span class="formula"><math display="block"><msub><mi>P</mi><mi>λ</mi></msub><mo stretchy="false">(</mo><msup><mi>X</mi><mrow><mo stretchy="false">(</mo><mi>j</mi><mo stretchy="false">)</mo></mrow></msup><mo>=</mo><mi>a</mi><mo stretchy="false">|</mo><mi>c</mi><mo stretchy="false">)</mo><mo>=</mo><mfrac><mrow><msub><mi>N</mi><mrow><mi>j</mi><mi>c</mi></mrow></msub><mo stretchy="false">(</mo><mi>a</mi><mo stretchy="false">)</mo><mo>+</mo><mi>λ</mi></mrow><mrow><msub><mi>N</mi><mi>c</mi></msub><mo>+</mo><msub><mi>S</mi><mi>j</mi></msub><mi>λ</mi></mrow></mfrac><mo separator="true">,</mo><mspace width="1em"></mspace><mi>P</mi><mo stretchy="false">(</mo><mi>c</mi><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo><mo>∝</mo><mi>P</mi><mo stretchy="false">(</mo><mi>c</mi><mo stretchy="false">)</mo><munder><mo>∏</mo><mi>j</mi></munder><mi>P</mi><mo stretchy="false">(</mo><msup><mi>x</mi><mrow><mo stretchy="false">(</mo><mi>j</mi><mo stretchy="false">)</mo></mrow></msup><mo stretchy="false">|</mo><mi>c</mi><mo stretchy="false">)</mo></math></span></p>
<div class="cat-grid">
  <div class="cat-result">
    <fieldset class="cat-query" data-control="query">
      <legend data-i18n="cat.query"></legend>
      <div class="cat-query-fields" data-role="query"></div>
    </fieldset>
    <div class="cat-settings">
      <div class="alpha-row" data-control="lambda">
        <label for="{{id}}-lambda-slider" data-i18n="cat.lambda"></label>
        <input type="range" id="{{id}}-lambda-slider" data-role="lambda-slider" min="0" max="3" step="0.01" aria-describedby="{{id}}-lambda-help">
        <input type="number" data-role="lambda" data-range="cat-lambda" min="0" max="10" step="any" inputmode="decimal" data-i18n-aria="cat.lambdaExact">
      </div>
      <div class="buttons cat-lambda-buttons" data-control="lambda">
        <button type="button" data-lambda="0" data-i18n="cat.lambda0"></button>
        <button type="button" data-lambda="1" data-i18n="cat.lambda1"></button>
      </div>
      <p id="{{id}}-lambda-help" class="hint" data-i18n="cat.lambdaHelp" data-control="lambda"></p>
      <label class="field-row" data-control="prior"><span data-i18n="cat.prior"></span>
        <select data-role="prior">
          <option value="ml" data-i18n="cat.prior.ml"></option>
          <option value="smoothed" data-i18n="cat.prior.smoothed"></option>
          <option value="uniform" data-i18n="cat.prior.uniform"></option>
        </select>
      </label>
    </div>
    <p class="input-error" data-role="input-error" role="alert" hidden></p>
    <p class="actions"><button type="button" data-role="predict" data-predict data-i18n="cat.predict"></button> <button type="button" data-role="quiz" data-predict data-i18n="cat.quiz"></button></p>
    <div class="verdict" data-role="verdict"></div>
    <p class="sr-only" data-role="live" aria-live="polite"></p>
    <ul class="explain" data-role="sentences" hidden></ul>
    <div class="cat-classes" data-role="classes"></div>
  </div>

  <div class="cat-data" data-control="table">
    <h3 id="{{id}}-table-title" data-i18n="cat.training"></h3>
    <p class="hint" data-role="table-info"></p>
    <div class="cat-table-wrap" data-role="table-wrap">
      <table class="cat-table" aria-labelledby="{{id}}-table-title">
        <thead data-role="thead"></thead>
        <tbody data-role="tbody"></tbody>
      </table>
    </div>
    <div class="cat-pager" data-role="pager" hidden>
      <button type="button" data-role="prev" data-i18n="cat.prev"></button>
      <span data-role="page-info" aria-live="polite"></span>
      <button type="button" data-role="next" data-i18n="cat.next"></button>
    </div>
    <p class="input-error" data-role="table-error" role="alert" hidden></p>
    <div class="buttons">
      <button type="button" data-role="add-row" data-i18n="cat.addRow"></button>
      <button type="button" data-role="reset" data-i18n="cat.reset"></button>
    </div>
    <details class="cat-csv" data-control="csv" data-role="csv-details">
      <summary data-i18n="cat.csv"></summary>
      <label for="{{id}}-csv" class="block-label hint" data-i18n="cat.csvHelp"></label>
      <textarea id="{{id}}-csv" data-role="csv" rows="8" spellcheck="false"></textarea>
      <div class="buttons">
        <button type="button" data-role="csv-apply" data-i18n="cat.csvApply"></button>
        <input type="file" data-role="csv-file" accept=".csv,.txt,text/csv,text/plain" data-i18n-aria="cat.csvFile">
      </div>
    </details>
  </div>

  <div class="cat-counts" data-control="counts">
    <h3 data-i18n="cat.counts"></h3>
    <p class="hint" data-i18n="cat.countsHelp"></p>
    <div class="cat-count-tables" data-role="counts"></div>
    <details class="cat-csv worked" data-role="worked-details">
      <summary data-i18n="cat.worked"></summary>
      <p class="hint" data-i18n="cat.workedHelp"></p>
      <div data-role="worked"></div>
    </details>
  </div>
</div>`;
