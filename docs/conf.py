"""Sphinx configuration of the offline documentation site (built by docs/build.py from nbdev-proc-nbs output)."""
from pathlib import Path
import brainscore_nb

project = 'brainscore_nb'
author = 'brainscore_nb developers'
copyright = '2026, the brainscore_nb developers (MIT licence)'  # the footer names the holder
release = version = brainscore_nb.__version__
extensions = ['myst_nb']
root_doc = 'index'
exclude_patterns = ['_build', '**.ipynb_checkpoints']
nb_execution_mode = 'off'  # docs/build.py executes the notebooks whose outputs the site shows
nb_render_markdown_format = 'myst'  # show_doc's Markdown outputs (signature blocks, tables)
myst_enable_extensions = ['colon_fence', 'dollarmath', 'attrs_inline']
myst_heading_anchors = 3  # '### run' gets the anchor #run, as nbdev's links expect
suppress_warnings = ['myst.header', 'misc.highlighting_failure', 'myst.xref_missing', 'mystnb.unknown_mime_type']
html_theme = 'furo'
html_title = f'brainscore_nb {release}'
html_static_path = ['_static']
html_css_files = ['site.css']  # wide tables and outputs scroll inside the content column
html_show_search_summary = False  # summaries are fetched from the pages: a CORS error per result from file://
# a title that is the query ranks first ("score a model": Start here's); Sphinx opens it from the working directory
html_search_scorer = str(Path(__file__).resolve().parent / '_static' / 'scorer.js')
html_last_updated_fmt = None
html_copy_source = False
