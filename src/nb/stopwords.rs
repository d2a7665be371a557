//! Common words ("stop words"): a fixed list of the commonest function words, which the spam
//! panel can leave out of the model ("ignore common words", off by default).
//!
//! **Why.** In the multinomial model every occurrence of a word adds
//! log P(w | spam) − log P(w | ham) to the log-odds. The built-in teaching corpus is short
//! text messages, and its ham is brief and personal: “the” is 115 of its ham training tokens
//! (of 2,311) and 10 of its spam ones (of 2,588), “i” 21 and 2. A real email repeats such
//! words dozens of times, and their terms add up to more than the few words that mark it as
//! spam: a pasted spam email promising “$1500 or more per week” once read as ham at −17.33,
//! with “the” ×5 at −12.12 and “i” ×4 at −8.24. Leaving the function words out is the classic
//! remedy: what is left is the words that carry content.
//!
//! **What it does to the model.** A common word is dropped everywhere the model sees tokens:
//! from the training messages before they are counted (so it is not in the vocabulary V, nor in
//! n_c, the class's token total, nor among the Bernoulli model's absent words) and from the
//! message being scored. The model is then exactly the naive Bayes model of [`super`]'s docs on
//! the filtered messages, and its ledger still sums to its log-odds: prior log-ratio +
//! Σ_w c_w (+ A) = log P(spam | x) − log P(ham | x). The dropped words of a message are
//! listed with their counts ([`drop_common_words`]) so that the page can show what was left
//! out.
//!
//! **The list.** Written for this project, not copied: [`ENGLISH`] holds 115 function words —
//! articles, personal, possessive and reflexive pronouns, demonstratives and *wh*-words, the
//! forms of *be*, *have* and *do*, the modal verbs, the common prepositions and conjunctions,
//! and a few adverbs of place, time and degree (*here*, *then*, *very*…). Content words that
//! are also frequent — *free*, *call*, *now*, *not*, *no*, *more* — are *not* on it: they can
//! be evidence. The tokenizer ([`super::tokenize()`]) makes every Chinese ideograph its own token, so
//! [`CHINESE`] holds 24 single characters that work as grammatical particles or pronouns
//! (的 了 着 是 在 和 与 或 也 都 就 这 那 我 你 您 他 她 它 们 吗 呢 吧 啊); characters that
//! are particles in some words and content in others (地, 得, 过, 以) are left alone. Words
//! are matched whole, as the tokenizer writes them (lower-cased); an email's header token
//! `subject:w` counts as common when `w` does, so the subject is filtered as the body is.
//!
//! The list is short on purpose: a student can read all of it, and every word on it is one a
//! reader would call common. A list can also drop real evidence (“your” is about three times
//! as frequent among the teaching corpus's spam tokens as among its ham ones): switching it on
//! and off in the panel shows what it changes.

use serde::Serialize;

/// The English common words, sorted (byte order), as the tokenizer writes them.
#[rustfmt::skip]
pub const ENGLISH: &[&str] = &[
    "a", "about", "above", "after", "against", "also", "am", "an", "and", "are", "as", "at", "be",
    "because", "been", "before", "being", "below", "between", "but", "by", "can", "could", "did", "do",
    "does", "doing", "down", "during", "for", "from", "had", "has", "have", "having", "he", "her",
    "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it",
    "its", "itself", "just", "may", "me", "might", "mine", "must", "my", "myself", "nor", "of", "off",
    "on", "or", "our", "ours", "ourselves", "out", "over", "shall", "she", "should", "so", "than",
    "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this",
    "those", "through", "to", "too", "under", "until", "up", "us", "very", "was", "we", "were", "what",
    "when", "where", "which", "while", "who", "whom", "whose", "why", "will", "with", "would", "you",
    "your", "yours", "yourself", "yourselves",
];

/// The Chinese common characters (one token each), sorted (byte order).
#[rustfmt::skip]
pub const CHINESE: &[&str] = &[
    "与", "也", "了", "他", "们", "你", "吗", "吧", "呢", "和", "啊", "在", "她", "它", "就", "您", "我", "或", "是", "的",
    "着", "这", "那", "都",
];

/// Whether `token` (as the tokenizer writes it) is a common word of [`ENGLISH`] or
/// [`CHINESE`]; an email's header token `subject:w` is when `w` is.
pub fn is_common_word(token: &str) -> bool {
    let word = token.strip_prefix("subject:").unwrap_or(token);
    ENGLISH.binary_search(&word).is_ok() || CHINESE.binary_search(&word).is_ok()
}

/// A common word left out of a message, and how many times the message has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommonWord {
    /// The token.
    pub word: String,
    /// Its occurrences in the message.
    pub count: u32,
}

/// Splits `tokens` into the tokens the model reads (in order) and the common words left out,
/// each once with its count, in order of first appearance.
pub fn drop_common_words(tokens: Vec<String>) -> (Vec<String>, Vec<CommonWord>) {
    let mut kept = Vec::with_capacity(tokens.len());
    let mut dropped: Vec<CommonWord> = Vec::new();
    for token in tokens {
        if !is_common_word(&token) {
            kept.push(token);
        } else if let Some(d) = dropped.iter_mut().find(|d| d.word == token) {
            // At most 139 distinct common words: a scan is cheaper than a map.
            d.count = d.count.saturating_add(1);
        } else {
            dropped.push(CommonWord { word: token, count: 1 });
        }
    }
    (kept, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_sorted_unique_and_single_tokens() {
        for list in [ENGLISH, CHINESE] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
            for w in list {
                assert_eq!(crate::nb::tokenize(w), vec![w.to_string()], "{w} is one token as written");
            }
        }
        assert_eq!((ENGLISH.len(), CHINESE.len()), (115, 24));
    }

    #[test]
    fn common_words_are_dropped_with_their_counts_in_order() {
        let tokens = crate::nb::tokenize("The prize is yours: claim the prize, I say. 你的奖");
        let (kept, dropped) = drop_common_words(tokens);
        assert_eq!(kept, ["prize", "claim", "prize", "say", "奖"]);
        let pairs: Vec<(&str, u32)> = dropped.iter().map(|d| (d.word.as_str(), d.count)).collect();
        assert_eq!(pairs, [("the", 2), ("is", 1), ("yours", 1), ("i", 1), ("你", 1), ("的", 1)]);
        assert!(is_common_word("subject:the") && !is_common_word("subject:prize"));
        assert!(!is_common_word("from-domain:the") && !is_common_word("free"));
    }
}
