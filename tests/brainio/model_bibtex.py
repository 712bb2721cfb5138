"""Regenerate brainscore_nb/brainscore/model_bibtex.json: the bibtex each of Brain-Score 2.4.2's model plugins gives
its ids (`model.get_bibtex(identifier)`, what Brain-Score's `load_model_bibtex` returns), read from the wheel's
`brainscore_vision/models/<plugin>/` folders by `brainscore_nb.brainscore.model_plugins.plugin_bibtex` (the function
run alone, with model.py's text constants: no framework imported). Ids whose plugin gives none are left out (None,
as Brain-Score). Run from the checkout's root with the project's python (it reads the wheel's sources only):

    PYTHONPATH=$PWD python tests/brainio/model_bibtex.py > brainscore_nb/brainscore/model_bibtex.json

Brain-Score's own `load_model_bibtex` on some of these ids: tests/brainio/model_bibtex_brainscore.py."""
import hashlib, json, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from brainscore_nb.brainscore.model_plugins import plugin_bibtex  # noqa: E402
from brainscore_nb.brainscore.port import plugin_model_ids  # noqa: E402

MODELS = Path('/work/bs/bsvenv/lib/python3.11/site-packages/brainscore_vision/models')

if __name__ == '__main__':
    bibtex, models, failed = {}, {}, {}
    for folder in sorted(p for p in MODELS.iterdir() if (p / '__init__.py').is_file()):
        for identifier in plugin_model_ids(folder):
            try: text = plugin_bibtex(folder, identifier)
            except Exception as e: failed[identifier] = f'{type(e).__name__}: {e}'[:200]; continue
            if text is None: continue
            key = hashlib.sha1(text.encode()).hexdigest()[:12]
            bibtex[key], models[identifier] = text, key
    json.dump(dict(source="brainscore-vision 2.4.2's model plugins: get_bibtex(identifier), read by plugin_bibtex "
                          "(tests/brainio/model_bibtex.py)", not_read=failed, models=dict(sorted(models.items())),
                   bibtex=dict(sorted(bibtex.items()))), sys.stdout, indent=1)
    print()
