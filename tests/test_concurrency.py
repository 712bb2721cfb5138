"""Two real processes loading the same dataset at the same moment: one builds it, the other waits and reads the
same verified package; the store ends with one catalog row per file and no leftovers."""
import json
import subprocess
import sys
import time
from pathlib import Path

from brainscore_nb.data.files import sha1_file
from brainscore_nb.data.store import Catalog

CODE = r'''
import dataclasses, hashlib, json, os, sys, time
from pathlib import Path
from brainscore_nb.data import datasets
identifier, go, log = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
datasets._discover()
def counted(registry, key):
    recipe = registry[key]
    def build(*args, **kwargs):
        with open(log, 'a') as f: f.write(f'{key} {os.getpid()}\n')
        return recipe.build(*args, **kwargs)
    registry[key] = dataclasses.replace(recipe, build=build)  # same cache key, but each build is logged
counted(datasets.data_registry, identifier)
counted(datasets.stimulus_set_registry, datasets.data_registry[identifier].stimulus_set_identifier)
Path(f'{go}.ready.{os.getpid()}').touch()
while not go.exists(): time.sleep(0.001)
a = datasets.load_dataset(identifier)
print(json.dumps(dict(values=hashlib.sha1(a.values.tobytes()).hexdigest(), stimuli=len(a.stimulus_set),
                      files=sorted(str(p) for p in a.stimulus_set.stimulus_paths.values())[:3])))
'''


def test_two_processes_load_the_same_dataset_at_once(tmp_path):
    home, go, log = tmp_path / 'home', tmp_path / 'go', tmp_path / 'builds.log'
    env = dict(__import__('os').environ, BRAINSCORE_NB_HOME=str(home))
    procs = [subprocess.Popen([sys.executable, '-c', CODE, 'Kriegeskorte2008.hIT', str(go), str(log)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob('go.ready.*'))) < 2 and time.monotonic() < deadline: time.sleep(0.01)  # both imported and waiting
    go.touch()
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1][-2000:] for o in outs]
    results = [json.loads(o[0]) for o in outs]
    assert results[0] == results[1] and results[0]['stimuli'] == 92
    builds = log.read_text().split('\n')[:-1]
    assert sorted(b.split()[0] for b in builds) == ['Kriegeskorte2008', 'Kriegeskorte2008.hIT'], builds  # each built once
    rows = Catalog(home).to_frame()
    assert sorted(zip(rows.identifier, rows.role)) == [('Kriegeskorte2008', 'csv'), ('Kriegeskorte2008', 'zip'),
                                                         ('Kriegeskorte2008.hIT', 'nc')]
    assert all(sha1_file(r.location) == r.sha1 for r in rows.itertuples())
    assert not [p for p in (home / 'tmp').rglob('*')]  # no work folders or partial files left
