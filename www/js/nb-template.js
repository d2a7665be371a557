// The spam (naive Bayes) panel's markup: a fixed string written here (never user text),
// turned into DOM once per mounted panel; `{{id}}` becomes a prefix unique to that panel.
// Words come from i18n.js through the data-i18n attributes. Loaded with the panel.

export const NB = `
<h2 id="{{id}}-title" data-i18n="nb.title"></h2>
<p class="lede"><span data-i18n="nb.lede"></span>
  <span class="formula" data-role="formula-mn"><math display="block"><mi>log</mi><mfrac><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.spam">spam</mtext><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo></mrow><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.ham">ham</mtext><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo></mrow></mfrac><mo>=</mo><mi>log</mi><mfrac><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.spam">spam</mtext><mo stretchy="false">)</mo></mrow><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.ham">ham</mtext><mo stretchy="false">)</mo></mrow></mfrac><mo>+</mo><munder><mo>∑</mo><mi>w</mi></munder><msub><mi>n</mi><mi>w</mi></msub><mi>log</mi><mfrac><mrow><mi>P</mi><mo stretchy="false">(</mo><mi>w</mi><mo stretchy="false">|</mo><mtext data-i18n="nb.math.spam">spam</mtext><mo stretchy="false">)</mo></mrow><mrow><mi>P</mi><mo stretchy="false">(</mo><mi>w</mi><mo stretchy="false">|</mo><mtext data-i18n="nb.math.ham">ham</mtext><mo stretchy="false">)</mo></mrow></mfrac></math></span>
  <span class="formula" data-role="formula-bern" hidden><math display="block"><mi>log</mi><mfrac><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.spam">spam</mtext><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo></mrow><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.ham">ham</mtext><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">)</mo></mrow></mfrac><mo>=</mo><mi>log</mi><mfrac><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.spam">spam</mtext><mo stretchy="false">)</mo></mrow><mrow><mi>P</mi><mo stretchy="false">(</mo><mtext data-i18n="nb.math.ham">ham</mtext><mo stretchy="false">)</mo></mrow></mfrac><mo>+</mo><munder><mo>∑</mo><mrow><mi>w</mi><mo>∈</mo><mi>x</mi></mrow></munder><mi>log</mi><mfrac><msub><mi>p</mi><mrow><mtext data-i18n="nb.math.spam">spam</mtext><mo>,</mo><mi>w</mi></mrow></msub><msub><mi>p</mi><mrow><mtext data-i18n="nb.math.ham">ham</mtext><mo>,</mo><mi>w</mi></mrow></msub></mfrac><mo>+</mo><munder><mo>∑</mo><mrow><mi>w</mi><mo>∉</mo><mi>x</mi></mrow></munder><mi>log</mi><mfrac><mrow><mn>1</mn><mo>−</mo><msub><mi>p</mi><mrow><mtext data-i18n="nb.math.spam">spam</mtext><mo>,</mo><mi>w</mi></mrow></msub></mrow><mrow><mn>1</mn><mo>−</mo><msub><mi>p</mi><mrow><mtext data-i18n="nb.math.ham">ham</mtext><mo>,</mo><mi>w</mi></mrow></msub></mrow></mfrac></math></span></p>
<div class="nb-grid">
  <div class="nb-input">
    <label for="{{id}}-text" class="block-label" data-i18n="nb.message"></label>
    <textarea id="{{id}}-text" data-role="text" rows="4" spellcheck="false" data-i18n-placeholder="nb.placeholder"></textarea>
    <div class="verdict" data-role="verdict"></div>
    <p class="cut-note" data-role="cut-note" hidden></p>
    <div data-role="nf"><button type="button" data-role="nf-toggle" aria-expanded="false" data-i18n="nb.nf"></button><div data-role="nf-view" hidden></div></div>
    <p class="actions" data-control="bet"><button type="button" data-role="bet" data-predict data-i18n="nb.bet"></button> <button type="button" data-role="predict-word" data-predict data-i18n="nb.predictWord"></button> <button type="button" data-role="predict-alpha0" data-predict data-i18n="nb.predictAlpha0"></button> <button type="button" data-role="quiz" data-predict data-i18n="nb.quiz"></button></p>
    <p class="sr-only" data-role="live" aria-live="polite"></p>
    <div class="examples" role="group" data-i18n-aria="nb.examplesLabel" data-control="examples">
      <span class="hint" data-i18n="nb.examples"></span>
      <button type="button" data-example="en-spam" data-i18n="nb.ex.en-spam"></button>
      <button type="button" data-example="en-ham" data-i18n="nb.ex.en-ham"></button>
      <button type="button" data-example="phish" data-i18n="nb.ex.phish"></button>
      <button type="button" data-example="zh-spam" data-i18n="nb.ex.zh-spam"></button>
      <button type="button" data-example="zh-ham" data-i18n="nb.ex.zh-ham"></button>
    </div>
    <div class="examples" role="group" data-i18n-aria="nb.emailExamplesLabel" data-control="examples">
      <span class="hint" data-i18n="nb.emailExamples"></span>
      <button type="button" data-email="en-spam" data-i18n="nb.mail.en-spam"></button>
      <button type="button" data-email="en-ham" data-i18n="nb.mail.en-ham"></button>
      <button type="button" data-email="zh-spam" data-i18n="nb.mail.zh-spam"></button>
      <button type="button" data-email="zh-ham" data-i18n="nb.mail.zh-ham"></button>
    </div>
    <p class="hint" data-i18n="nb.pasteEmail"></p>
    <div class="nb-settings">
      <div class="alpha-row" data-control="alpha">
        <label for="{{id}}-alpha-slider" data-i18n="nb.alpha"></label>
        <input type="range" id="{{id}}-alpha-slider" data-role="alpha-slider" min="0" max="1000" step="1" aria-describedby="{{id}}-alpha-help">
        <input type="number" data-role="alpha" data-range="alpha" min="0" max="10" step="any" inputmode="decimal" data-i18n-aria="nb.alphaExact">
      </div>
      <p id="{{id}}-alpha-help" class="hint" data-i18n="nb.alphaHelp" data-control="alpha"></p>
      <fieldset class="inline" data-control="event">
        <legend data-i18n="nb.event"></legend>
        <label><input type="radio" name="{{id}}-event" data-role="event" value="multinomial" checked> <span data-i18n="nb.multinomial"></span></label>
        <label><input type="radio" name="{{id}}-event" data-role="event" value="bernoulli"> <span data-i18n="nb.bernoulli"></span></label>
      </fieldset>
      <label class="field-row" data-control="prior"><span data-i18n="nb.prior"></span>
        <select data-role="prior">
          <option value="ml" data-i18n="nb.prior.ml"></option>
          <option value="smoothed" data-i18n="nb.prior.smoothed"></option>
          <option value="uniform" data-i18n="nb.prior.uniform"></option>
        </select>
      </label>
      <fieldset class="costs" data-control="costs">
        <legend data-i18n="nb.costs"></legend>
        <div class="alpha-row">
          <label for="{{id}}-cost-slider" data-i18n="nb.costRatio"></label>
          <input type="range" id="{{id}}-cost-slider" data-role="cost-slider" min="0" max="200" step="1" value="0" aria-describedby="{{id}}-cost-help">
          <input type="number" data-role="cost" data-range="cost" min="1" max="1000" step="any" value="1" inputmode="decimal" data-i18n-aria="nb.costExact">
        </div>
        <p id="{{id}}-cost-help" class="hint" data-role="cost-help"></p>
      </fieldset>
      <fieldset class="bayes" data-control="bayesian">
        <legend data-i18n="nb.bayesian"></legend>
        <label class="check"><input type="checkbox" data-role="bayes-on"> <span data-i18n="nb.bayesOn"></span></label>
        <div class="pseudo" data-role="pseudo">
          <label>β₁ <input type="number" data-role="beta1" data-range="pseudo" min="0" max="1000" step="any" value="1" inputmode="decimal"></label>
          <label>β₀ <input type="number" data-role="beta0" data-range="pseudo" min="0" max="1000" step="any" value="1" inputmode="decimal"></label>
          <label>α<sub>ham</sub> <input type="number" data-role="aham" data-range="pseudo" min="0" max="1000" step="any" value="1" inputmode="decimal"></label>
          <label>α<sub>spam</sub> <input type="number" data-role="aspam" data-range="pseudo" min="0" max="1000" step="any" value="1" inputmode="decimal"></label>
        </div>
        <p class="hint" data-role="bayes-help"></p>
      </fieldset>
      <label class="field-row" data-control="resample"><span data-i18n="nb.resample"></span>
        <select data-role="resample">
          <option value="none" data-i18n="nb.resample.none"></option>
          <option value="undersample_ham" data-i18n="nb.resample.under"></option>
          <option value="oversample_spam" data-i18n="nb.resample.over"></option>
        </select>
      </label>
      <p class="hint" data-role="resample-help" data-control="resample"></p>
      <label class="check" data-control="headers"><input type="checkbox" data-role="headers" aria-describedby="{{id}}-headers-help"> <span data-i18n="nb.headers"></span></label>
      <p id="{{id}}-headers-help" class="hint" data-i18n="nb.headersHelp" data-control="headers"></p>
      <label class="check" data-control="common"><input type="checkbox" data-role="common" aria-describedby="{{id}}-common-help"> <span data-i18n="nb.commonWords"></span></label>
      <p id="{{id}}-common-help" class="hint" data-i18n="nb.commonWordsHelp" data-control="common"></p>
    </div>
    <p class="input-error" data-role="input-error" role="alert" hidden></p>
  </div>

  <div class="nb-ledger">
    <h3><span data-i18n="nb.ledger"></span> <span class="hint" data-i18n="nb.ledgerUnit"></span></h3>
    <p class="email-error" data-role="email-error" hidden></p>
    <div class="email-read" data-role="email" hidden>
      <p class="email-title" data-i18n="nb.emailRead"></p>
      <dl class="email-fields">
        <dt data-i18n="nb.emailSubject"></dt><dd data-role="email-subject"></dd>
        <dt data-i18n="nb.emailFrom"></dt><dd data-role="email-from"></dd>
        <dt data-i18n="nb.emailPart"></dt><dd data-role="email-part"></dd>
        <dt data-i18n="nb.emailAttachments"></dt><dd data-role="email-attachments"></dd>
      </dl>
      <details class="email-body"><summary data-role="email-body-summary"></summary><pre data-role="email-body" translate="no" tabindex="0"></pre></details>
      <p class="hint" data-role="email-headers"></p>
    </div>
    <div class="ledger-axis" aria-hidden="true"><span data-i18n="nb.towardHam"></span><span data-i18n="nb.towardSpam"></span></div>
    <ol class="ledger" data-role="ledger"></ol>
    <p class="hint" data-role="unknown"></p>
    <p class="hint" data-role="common-words"></p>
    <ul class="explain" data-role="sentences" hidden></ul>
    <div class="details" data-role="details"></div>
    <details class="cat-csv worked" data-role="worked-details">
      <summary data-i18n="nb.worked"></summary>
      <p class="hint" data-i18n="nb.workedHelp"></p>
      <div data-role="worked"></div>
    </details>
  </div>

  <div class="nb-side">
    <div data-control="eval">
      <h3 data-i18n="nb.eval"></h3>
      <p class="hint" data-role="split"></p>
      <table class="metrics">
        <tbody>
          <tr><th scope="row" data-i18n="nb.accuracy"></th><td data-role="acc"></td></tr>
          <tr><th scope="row" data-i18n="nb.precision"></th><td data-role="prec"></td></tr>
          <tr><th scope="row" data-i18n="nb.recall"></th><td data-role="rec"></td></tr>
          <tr><th scope="row" data-i18n="nb.f1"></th><td data-role="f1"></td></tr>
          <tr><th scope="row" data-i18n="nb.cost"></th><td data-role="expected-cost"></td></tr>
        </tbody>
      </table>
      <table class="confusion">
        <caption data-i18n="nb.confusion"></caption>
        <thead><tr><td></td><th scope="col" data-i18n="nb.predHam"></th><th scope="col" data-i18n="nb.predSpam"></th></tr></thead>
        <tbody>
          <tr><th scope="row" data-i18n="nb.truthHam"></th><td data-role="tn"></td><td data-role="fp"></td></tr>
          <tr><th scope="row" data-i18n="nb.truthSpam"></th><td data-role="fn"></td><td data-role="tp"></td></tr>
        </tbody>
      </table>
      <div class="curve-box" data-role="curve-box">
        <canvas data-role="curve" role="img" data-i18n-aria="nb.curveLabel"></canvas>
      </div>
      <p class="actions" data-control="export"><button type="button" data-role="export" data-i18n="export.png"></button></p>
    </div>
    <div data-control="corpus">
      <h3 data-i18n="nb.corpus"></h3>
      <p data-role="corpus-info"></p>
      <p class="credit" data-role="credit"></p>
      <div class="dropzone" data-role="drop">
        <div class="file-row">
          <label for="{{id}}-file" class="block-label" data-i18n="nb.load"></label>
          <input type="file" id="{{id}}-file" data-role="file" accept=".txt,.tsv,.csv,.mbox,.mbx,.zip,text/plain,text/tab-separated-values,application/mbox">
        </div>
        <div class="file-row">
          <label for="{{id}}-folder" class="block-label" data-i18n="nb.loadFolder"></label>
          <input type="file" id="{{id}}-folder" data-role="folder" webkitdirectory multiple>
        </div>
        <p class="hint" data-i18n="nb.drop"></p>
      </div>
      <div class="label-rule" data-control="label-rule">
        <label for="{{id}}-label-rule" class="block-label" data-i18n="nb.labelRule"></label>
        <select id="{{id}}-label-rule" data-role="label-rule" aria-describedby="{{id}}-label-rule-help">
          <option value="x-label" data-i18n="nb.labelRule.xlabel"></option>
          <option value="spamassassin" data-i18n="nb.labelRule.spamassassin"></option>
          <option value="gmail" data-i18n="nb.labelRule.gmail"></option>
          <option value="field" data-i18n="nb.labelRule.field"></option>
        </select>
        <div class="label-field" data-role="label-field-row" hidden>
          <label><span data-i18n="nb.labelField"></span> <input type="text" data-role="label-field" size="14" maxlength="76" placeholder="X-Spam-Flag" spellcheck="false" autocomplete="off"></label>
          <label><span data-i18n="nb.labelSpam"></span> <input type="text" data-role="label-spam" size="6" maxlength="60" placeholder="YES" spellcheck="false" autocomplete="off"></label>
        </div>
        <p id="{{id}}-label-rule-help" class="hint" data-i18n="nb.labelRuleHelp"></p>
      </div>
      <progress data-role="progress" max="1" value="0" hidden></progress>
      <button type="button" data-role="reset" data-i18n="nb.reset"></button>
      <ul class="notes" data-role="corpus-notes"></ul>
      <details class="editor" data-control="editor">
        <summary data-i18n="nb.edit"></summary>
        <div class="add-message">
          <select data-role="add-label" data-i18n-aria="nb.addLabel">
            <option value="ham" data-i18n="nb.truthHam"></option>
            <option value="spam" data-i18n="nb.truthSpam"></option>
          </select>
          <input type="text" data-role="add-text" maxlength="2000" data-i18n-aria="nb.addText" data-i18n-placeholder="nb.addText">
          <button type="button" data-role="add" data-i18n="nb.add"></button>
        </div>
        <div class="lookup">
          <label><span data-i18n="nb.lookup"></span> <input type="text" data-role="lookup" maxlength="100"></label>
          <p data-role="lookup-result" class="hint"></p>
        </div>
        <ol class="messages" data-role="messages"></ol>
        <div class="pager">
          <button type="button" data-role="prev" data-i18n="nb.prev"></button>
          <span data-role="page"></span>
          <button type="button" data-role="next" data-i18n="nb.next"></button>
        </div>
      </details>
    </div>
  </div>
</div>`;
