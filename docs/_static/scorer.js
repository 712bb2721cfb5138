/* The site's search scorer (docs/conf.py: html_search_scorer): Sphinx's default scores, and a section or page title
   that is the whole query (or most of it: "score a model" -> "Start here > Score a model") ranks first. Without the
   boost a page whose title holds one of the words ("A recurrent model") outranks it. */
var Scorer = {
  score: result => {
    const [docname, title, anchor, descr, score, filename, kind] = result;
    return kind === "title" ? score + 30 : score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {0: 15, 1: 5, 2: -5},
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
