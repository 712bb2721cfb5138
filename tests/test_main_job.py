"""The README's main job: package and validate a real dataset from the mirror, as a user runs it."""
import re
import subprocess
import sys

import numpy as np


def run(*args):
    return subprocess.run([sys.executable, '-m', 'data_packaging.cowley2023', *args], capture_output=True, text=True)


def test_main_job_packages_validates_and_reloads(tmp_path):
    out = run('--directory', str(tmp_path / 'a'))
    assert out.returncode == 0, out.stderr
    assert 'NeuroidAssembly: valid' in out.stdout
    assert 'presentation 4840 x neuroid 50 x time_bin 1; 6-10 presentations per stimulus' in out.stdout
    assert 'reloaded from the packages: identical' in out.stdout
    again = run('--directory', str(tmp_path / 'b'))
    sha1s = lambda text: re.findall(r'sha1 ([0-9a-f]{40})', text)
    assert len(sha1s(out.stdout)) == 3 and sha1s(out.stdout) == sha1s(again.stdout)
    assert sorted(p.name for p in (tmp_path / 'a').iterdir() if p.is_file()) == [
        'assy_Cowley2023.210325.nc', 'stimulus_Cowley2023.210325.csv', 'stimulus_Cowley2023.210325.zip']


def test_main_job_refuses_unknown_session(tmp_path):
    out = run('--session', '999999', '--directory', str(tmp_path))
    assert out.returncode == 2 and "invalid choice: '999999'" in out.stderr


# One extraction per (model, stimulus set), shared by every benchmark, layer and worker process


def _calls_model(log):
    "A two-layer model of image statistics that appends (images, layers) of every call to the file `log`"
    def model(images, layers):
        with open(log, 'a') as f: f.write(f"{len(images)} {','.join(layers)}\n")
        return {l: (images.mean(axis=(1, 2)) if l == 'mean' else images.std(axis=(1, 2))) for l in layers}
    return model


def _extract_in_process(cache, log, layer, others):
    "In a worker process: one benchmark's request for `layer` of the 92 images (others committed beside it)"
    from brainscore_nb.models.activations import ActivationsExtractor, Preprocessing
    from data_packaging import kriegeskorte2008
    ext = ActivationsExtractor(_calls_model(log), 'stats', weights='v1', preprocessing=Preprocessing(16),
                               batch_size=100, cache_dir=cache)
    return ext.by_layer(kriegeskorte2008.stimulus_set(), [layer], also=others)[layer].values.sum()


def test_processes_sharing_stimuli_extract_them_once(tmp_path):
    "Two processes asking for different committed layers of the same stimuli at once: one pass over the images"
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    log = tmp_path / 'calls.log'
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context('fork')) as pool:
        sums = list(pool.map(_extract_in_process, [tmp_path / 'cache'] * 2, [log] * 2, ['mean', 'std'],
                             [['std'], ['mean']]))
    passes = [line for line in log.read_text().splitlines() if line.startswith('92 ')]
    assert passes == ['92 mean,std'] or passes == ['92 std,mean']
    assert sums[0] != sums[1] and len(list((tmp_path / 'cache').glob('*.nc'))) == 2


def test_extraction_memory_is_bounded_by_the_budget(tmp_path):
    "Layers that do not fit the memory budget together are extracted in separate passes; companions that do not fit are left"
    from brainscore_nb.models.activations import ActivationsExtractor, Preprocessing
    from data_packaging import kriegeskorte2008
    log, k92 = tmp_path / 'calls.log', kriegeskorte2008.stimulus_set()
    make = lambda budget: ActivationsExtractor(_calls_model(log), 'stats', weights='v1', preprocessing=Preprocessing(16),
                                               batch_size=100, cache_dir=tmp_path / f'cache{budget}', memory_budget=budget)
    one_layer = 4 * 92 * 3  # bytes of one layer's activations (3 features per image)
    both = make(2 * one_layer).by_layer(k92, ['mean', 'std'])
    assert log.read_text().splitlines() == ['1 mean,std', '92 mean,std'] and both['std'].shape == (92, 3)
    log.unlink()
    apart = make(one_layer).by_layer(k92, ['mean', 'std'])
    assert log.read_text().splitlines() == ['1 mean,std', '92 mean', '92 std']
    assert all(np.array_equal(both[l].values, apart[l].values) for l in both)
    log.unlink()
    alone = make(one_layer + 1).by_layer(k92, ['mean'], also=['std'])
    assert log.read_text().splitlines() == ['1 mean,std', '92 mean'] and list(alone) == ['mean']
