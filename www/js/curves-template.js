// The learning-curves panel's markup: a fixed string written here (never user text), turned
// into DOM once per mounted panel; `{{id}}` becomes a prefix unique to that panel. Words come
// from i18n-curves.js through the data-i18n attributes; curves.js fills in the numbers.

export const CURVES = `
<h2 id="{{id}}-title" data-i18n="lc.title"></h2>
<p class="lede" data-i18n="lc.lede"></p>
<div class="lc-grid">
  <figure class="figure lc-figure">
    <div class="curve-box lc-box" data-role="box">
      <canvas data-role="canvas" role="img" aria-describedby="{{id}}-lesson"></canvas>
    </div>
    <figcaption>
      <p class="hint" data-role="status" role="status"></p>
      <p class="hint" data-i18n="lc.band"></p>
      <p class="credit" data-role="credit" hidden></p>
      <p class="actions"><span data-control="predict"><button type="button" data-role="predict" data-i18n="lc.predict"></button> <button type="button" data-role="quiz" data-i18n="lc.quiz"></button></span>
        <span data-control="export"><button type="button" data-role="export" data-i18n="export.png"></button>
        <button type="button" data-role="csv" data-i18n="lc.csv"></button></span>
      </p>
    </figcaption>
  </figure>
  <div class="lc-side">
    <form class="controls" data-role="controls" autocomplete="off">
      <label class="field-row stack" data-control="pairing"><span data-i18n="lc.pairing"></span>
        <select data-role="pairing">
          <optgroup data-role="group-clouds">
            <option value="true" data-i18n="lc.p.true"></option>
            <option value="unequal" data-i18n="lc.p.unequal"></option>
            <option value="bimodal" data-i18n="lc.p.bimodal"></option>
            <option value="heavy" data-i18n="lc.p.heavy"></option>
          </optgroup>
          <optgroup data-role="group-real">
            <option value="wdbc" data-i18n="lc.p.wdbc"></option>
            <option value="digits01" data-i18n="lc.p.digits01"></option>
            <option value="digits23" data-i18n="lc.p.digits23"></option>
          </optgroup>
          <optgroup data-role="group-text">
            <option value="textmn" data-i18n="lc.p.textmn"></option>
            <option value="textbern" data-i18n="lc.p.textbern"></option>
            <option value="usermn" data-i18n="lc.p.usermn"></option>
            <option value="userbern" data-i18n="lc.p.userbern"></option>
          </optgroup>
        </select>
      </label>
      <div class="lc-numbers">
        <label class="field-row" data-control="m"><span data-i18n="lc.mMin"></span>
          <input type="number" data-role="m_min" data-range="curve-m" data-name="lc.mMin" min="2" max="5000" step="1" inputmode="numeric"></label>
        <label class="field-row" data-control="m"><span data-i18n="lc.mMax"></span>
          <input type="number" data-role="m_max" data-range="curve-m" data-name="lc.mMax" min="2" max="5000" step="1" inputmode="numeric"></label>
        <label class="field-row" data-control="sizes"><span data-i18n="lc.sizes"></span>
          <input type="number" data-role="sizes" data-range="curve-sizes" data-name="lc.sizes" min="2" max="40" step="1" inputmode="numeric"></label>
        <label class="field-row" data-control="splits"><span data-i18n="lc.splits"></span>
          <input type="number" data-role="splits" data-range="curve-splits" data-name="lc.splits" min="1" max="1000" step="1" inputmode="numeric"></label>
        <label class="field-row" data-control="lambda"><span data-i18n="lc.lambda"></span>
          <input type="number" data-role="lambda" data-range="l2" data-name="lc.lambda" min="0" max="1000000" step="any" inputmode="decimal" aria-describedby="{{id}}-lambda-help"></label>
        <label class="field-row" data-control="alpha"><span data-i18n="lc.alpha"></span>
          <input type="number" data-role="alpha" data-range="alpha" data-name="lc.alpha" min="0" max="10" step="any" inputmode="decimal" aria-describedby="{{id}}-alpha-help"></label>
        <label class="field-row" data-control="seed"><span data-i18n="lc.seed"></span>
          <input type="number" data-role="seed" data-range="seed" data-name="lc.seed" min="0" step="1" inputmode="numeric"></label>
      </div>
      <p class="input-error" data-role="input-error" role="alert" hidden></p>
      <p class="hint" data-i18n="lc.mHelp" data-control="m"></p>
      <p class="hint" id="{{id}}-lambda-help" data-i18n="lc.lambdaHelp" data-control="lambda"></p>
      <p class="hint" id="{{id}}-alpha-help" data-i18n="lc.alphaHelp" data-control="alpha"></p>
      <p class="lc-nofit" data-role="nofit" role="status" hidden></p>
    </form>
    <div class="lc-lesson" id="{{id}}-lesson" data-role="lesson" aria-live="off"></div>
  </div>
</div>
<details class="lc-table-box" data-role="numbers-box">
  <summary data-i18n="lc.numbers"></summary>
  <div class="table-wrap">
    <table class="lc-table" data-role="table"><thead data-role="thead"></thead><tbody data-role="tbody"></tbody></table>
  </div>
</details>
`;
