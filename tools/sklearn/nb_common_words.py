"""Reference log-odds for tests/it/nb_common_words.rs: scikit-learn's MultinomialNB and
BernoulliNB (alpha = 1, maximum-likelihood prior) on the spam panel's training part of the
teaching corpus, with and without the common words, and each query email's log-odds.

The common-word list below is typed out here again from the list the module docs of
src/nb/stopwords.rs describe (not read from the Rust code), and filtering, counting and
smoothing are all scikit-learn's: only the tokenization is genlab's (the dump).

    cargo run --example nb_dump_teaching -- tests/fixtures/email/spam-english-alternative-stub.eml > /tmp/teaching.tsv
    /tmp/skl/bin/python tools/sklearn/nb_common_words.py /tmp/teaching.tsv

Conventions: MultinomialNB's feature_log_prob_ = log(n_cw + 1) - log(n_c + |V|),
class_log_prior_ = log(N_c / N); BernoulliNB adds log(1 - p_cw) for every absent vocabulary
word. Query words outside the training vocabulary are dropped by transform(). The log-odds
is predict_joint_log_proba's spam column minus its ham column.
"""

import sys

import numpy as np
import sklearn
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import BernoulliNB, MultinomialNB

COMMON = set(
    """
    a an the
    i me my mine myself we us our ours ourselves you your yours yourself yourselves
    he him his himself she her hers herself it its itself they them their theirs themselves
    this that these those who whom whose which what
    am is are was were be been being have has had having do does did doing
    will would shall should can could may might must
    of in on at by for with about against between into through during before after above below
    to from up down out off over under
    and but or nor so if because as until while than
    there here when where why how then too very just also
    的 了 着 是 在 和 与 或 也 都 就 这 那 我 你 您 他 她 它 们 吗 呢 吧 啊
    """.split()
)


def main(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path, encoding="utf-8") if line.strip()]
    train = [(r[0], r[1].split(" ") if r[1] else []) for r in rows if r[0] != "query"]
    queries = [r[1].split(" ") if r[1] else [] for r in rows if r[0] == "query"]
    y = np.array([1 if label == "spam" else 0 for label, _ in train])
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}; {len(COMMON)} common words")
    print(f"training messages: ham {np.sum(y == 0)}, spam {np.sum(y == 1)}")
    for ignore in (False, True):
        keep = (lambda toks: [t for t in toks if t not in COMMON]) if ignore else (lambda toks: toks)
        vec = CountVectorizer(analyzer=keep, lowercase=False)
        x = vec.fit_transform([toks for _, toks in train])
        counts = [int(x[y == c].sum()) for c in (0, 1)]
        print(f"ignore common words {ignore}: |V| = {len(vec.vocabulary_)}, tokens ham {counts[0]}, spam {counts[1]}")
        for name, model in (("multinomial", MultinomialNB(alpha=1.0, force_alpha=True)),
                            ("bernoulli", BernoulliNB(alpha=1.0, force_alpha=True, binarize=0.0))):
            model.fit(x, y)
            for q in queries:
                j = model.predict_joint_log_proba(vec.transform([q]))[0]
                print(f"  {name}: query log-odds {j[1] - j[0]:.12f}  (dropped: {[t for t in q if ignore and t in COMMON]})")


if __name__ == "__main__":
    main(sys.argv[1])
