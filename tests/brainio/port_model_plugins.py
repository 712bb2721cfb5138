"""Scratch run (not in CI): port every model plugin of Brain-Score 2.4.2's wheel with our `port_plugin`, register its
ids with `register_model_plugin`, and build each id, offline (S3 pointed at a closed port), in this project's venv.
Writes model_plugins_port.json beside this script: per plugin whether it ported (else why), the ids it registered,
and each id's build outcome with its cause. tests/test_port_models.py and nbs/api/47_coverage.ipynb read the record.

    cd <repo> && PYTHONPATH=$PWD .venv/bin/python tests/brainio/port_model_plugins.py <site-packages>/brainscore_vision/models
"""
import json, os, re, signal, socket, sys, tempfile, time
from pathlib import Path


def cause(e: BaseException) -> str:
    "A failure's cause, in a few words shared by plugins failing the same way"
    text = str(e)
    if m := re.search(r'requires (.+?), not installed here', text):
        names = sorted({re.match(r'[A-Za-z0-9._-]+', r.strip()).group(0).lower() for r in m.group(1).split(', ')})
        frameworks = [n for n in names if n in ('torchvision', 'timm', 'tensorflow', 'tensorflow-gpu', 'keras')]
        return 'requirement not installed: ' + (frameworks[0] if frameworks else names[0])
    if m := re.search(r"its code imports '([\w.]+)', not installed", text): return f'imports {m.group(1).split(".")[0]}: not installed'
    if m := re.search(r'its code needs (brainscore_nb[\w.]*)', text): return f'needs {m.group(1)} (not on this branch)'
    if 'cannot reach' in text or 'download failed' in text: return 'weights: cannot reach the bucket (offline)'
    if 'no sha1 given' in text: return 'weights named without sha1'
    if isinstance(e, TimeoutError): return 'timed out'
    return f'{type(e).__name__}: {text[:80]}'


class _Timeout(Exception):
    pass


def main(root, limit=20):
    import brainscore_nb as bn
    from brainscore_nb.brainscore.port import port_plugin, register_model_plugin
    root = Path(root)
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0)); os.environ['BRAINSCORE_NB_S3_ENDPOINT'] = f'http://127.0.0.1:{s.getsockname()[1]}'
    home = Path(tempfile.mkdtemp()); os.environ['BRAINSCORE_NB_HOME'] = str(home / 'home')
    out = home / 'ported'; out.mkdir()
    plugins = sorted(p.name for p in root.iterdir() if (p / '__init__.py').is_file())
    target = {p: 'bsm_' + re.sub(r'\W', '_', p) for p in plugins}
    packages = {f'brainscore_vision.models.{p}': target[p] for p in plugins}
    registry, record = bn.model_registry, {}
    before = dict(registry)

    def alarm(*_): raise _Timeout(f'build took over {limit} s')
    signal.signal(signal.SIGALRM, alarm)
    for n, name in enumerate(plugins):
        entry = record[name] = {}
        try: folder = port_plugin(root / name, out / target[name], packages=packages)
        except Exception as e:
            entry['ported'] = cause(e) if not isinstance(e, ImportError) else f'not ported: {str(e).split(": ", 1)[-1][:160]}'
            continue
        entry['ported'] = True
        try: entry['ids'] = register_model_plugin(folder)
        except Exception as e: entry['ids'], entry['register_error'] = [], cause(e); continue
        entry['built'] = {}
        for identifier in entry['ids']:
            signal.alarm(limit); t = time.time()
            try: registry[identifier](); entry['built'][identifier] = 'built'
            except _Timeout as e: entry['built'][identifier] = 'timed out'
            except BaseException as e:
                if isinstance(e, KeyboardInterrupt): raise
                entry['built'][identifier] = cause(e)
            finally: signal.alarm(0)
        registry.clear(); registry.update(before)
        for m in [m for m in sys.modules if m.startswith('bsm_')]: del sys.modules[m]
        print(n, name, entry.get('built'), flush=True)
    import shutil; shutil.rmtree(home, ignore_errors=True)  # the ported copies and their store
    path = Path(__file__).parent / 'model_plugins_port.json'
    path.write_text(json.dumps(record, indent=0, sort_keys=True) + '\n')
    print(f'{len(record)} plugins -> {path}')


if __name__ == '__main__':
    main(*sys.argv[1:])
