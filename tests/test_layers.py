"""Layer sweeps and layer commitment (issue 12): every layer scored from one extraction pass, scores equal to
scoring each layer alone, memory-bounded plans, and layers chosen on data as Brain-Score chooses them (cached)."""
import numpy as np
import pytest

torch = pytest.importorskip('torch')

from brainscore_nb.models.activations import ActivationsExtractor, Preprocessing
from brainscore_nb.models.commitment import ModelCommitment, layer_scores, STAND_INS, SELECTION_BENCHMARKS

LAYERS = ['conv1', 'conv2', 'conv3', 'head']


class TinyNet(torch.nn.Module):
    "Three strided convolutions and a linear head, fixed random weights (seed 0)"
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.conv1, self.conv2 = torch.nn.Conv2d(3, 4, 3, 2, 1), torch.nn.Conv2d(4, 8, 3, 2, 1)
        self.conv3, self.head = torch.nn.Conv2d(8, 8, 3, 2, 1), torch.nn.Linear(8 * 4 * 4, 10)

    def forward(self, x):
        x = torch.relu(self.conv3(torch.relu(self.conv2(torch.relu(self.conv1(x))))))
        return self.head(x.flatten(1))


def counted_net():
    "The net, and a list that receives the batch size of every forward pass"
    net, images = TinyNet().eval(), []
    net.register_forward_pre_hook(lambda m, args: images.append(len(args[0])))
    return net, images


def extractor(net, cache_dir=False):
    return ActivationsExtractor(net, 'tiny', preprocessing=Preprocessing(32), batch_size=40, cache_dir=cache_dir)


@pytest.fixture(scope='module')
def bench(tmp_path_factory):
    "Small.IT-rdm: 92 images, Kriegeskorte 2008 human IT, built once in a private store"
    import small_benchmarks
    home = tmp_path_factory.mktemp('layers-home')
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv('BRAINSCORE_NB_HOME', str(home/'home'))
        mp.setenv('BRAINSCORE_NB_PACKAGES_DIR', str(home/'packages'))
        return small_benchmarks.SmallITRdm()


def test_one_pass_equals_each_layer_alone(bench):
    net, images = counted_net()
    table = layer_scores(ModelCommitment('tiny', extractor(net), LAYERS), bench)
    assert sum(images) == 1 + 92  # one grey image for the preflight, then each stimulus once
    assert table.attrs['passes'] == 1 and table.attrs['projected_to'] is None
    assert list(table['layer']) == LAYERS and list(table['depth']) == [0, 1, 2, 3]
    assert list(table['features']) == [4 * 16 * 16, 8 * 8 * 8, 8 * 4 * 4, 10]
    for layer, score in zip(table['layer'], table['score']):
        images.clear()
        alone = bench(ModelCommitment('tiny', extractor(net), region_layer_map={'IT': layer}))
        assert sum(images) == 92  # scoring a layer alone runs every stimulus again
        assert alone.center == score
    assert np.isfinite(table[['score', 'raw', 'ceiling', 'error']].values).all()
    np.testing.assert_allclose(table['ceiling'], bench.ceiling)
    np.testing.assert_allclose(table['score'], table['raw'] / bench.ceiling)
    assert table.attrs['best'] == table.loc[table['score'].idxmax(), 'layer']


def test_memory_budget_projects_then_groups(bench):
    net, images = counted_net()
    model = ModelCommitment('tiny', extractor(net), LAYERS)
    raw_bytes = 4 * 92 * (1024 + 512 + 128 + 10)
    projected = layer_scores(model, bench, memory_budget=raw_bytes - 1)  # conv1 (1024 features) no longer fits as it is
    assert projected.attrs['projected_to'] == 1000 and projected.attrs['passes'] == 1
    assert list(projected['features']) == [1000, 512, 128, 10]
    images.clear()
    grouped = layer_scores(model, bench, memory_budget=4 * 92 * 600)  # passes: [conv1], [conv2], [conv3, head]
    assert grouped.attrs['passes'] == 3 and sum(images) == 3 * 92
    np.testing.assert_array_equal(grouped['score'], projected['score'])


def test_layers_chosen_on_data_and_cached(bench, tmp_path):
    net, images = counted_net()
    model = ModelCommitment('tiny', extractor(net, tmp_path), LAYERS, selection={'IT': bench})
    assert model.region_layer_map == {}
    model.start_recording('IT', [(100, 200)])
    chosen = model.layer_selection['IT']
    assert chosen.attrs['benchmark'] == 'Small.IT-rdm' and chosen.attrs['projected_to'] == 1000
    assert model.region_layer_map['IT'] == chosen.loc[chosen['score'].idxmax(), 'layer']
    expected = layer_scores(ModelCommitment('tiny', extractor(net), LAYERS), bench, max_features=1000)
    np.testing.assert_array_equal(chosen['score'], expected['score'])
    images.clear()
    again = ModelCommitment('tiny', extractor(net, tmp_path), LAYERS, selection={'IT': bench})
    again.start_recording('IT', [(100, 200)])
    assert images == [] and again.region_layer_map == model.region_layer_map
    np.testing.assert_array_equal(again.layer_selection['IT']['score'], chosen['score'])
    for f in tmp_path.glob('*.selection.json'): f.write_text(f.read_text().replace('"score": ', '"score": 1'))  # tampered
    third = ModelCommitment('tiny', extractor(net, tmp_path), LAYERS, selection={'IT': bench})
    third.start_recording('IT', [(100, 200)])
    np.testing.assert_array_equal(third.layer_selection['IT']['score'], chosen['score'])


def test_selection_data_per_region():
    model = ModelCommitment('tiny', extractor(TinyNet()), LAYERS)
    from brainscore_nb.registry import list_benchmarks
    for region in ('V1', 'V2'):
        expected = SELECTION_BENCHMARKS[region] if SELECTION_BENCHMARKS[region] in list_benchmarks() else STAND_INS[region]
        assert model.selection_choice(region) == expected
    assert model.selection_choice('V4') == 'MajajHong2015public.V4-pls'
    assert model.selection_choice('IT') == 'MajajHong2015public.IT-pls'
    with pytest.raises(ValueError, match=r"pass selection=\{'MT': benchmark\}"):
        model.start_recording('MT', [(70, 170)])


def test_layers_command(tmp_path):
    "The installed command, in a subprocess: the table printed, written, and plotted; one extraction pass"
    import subprocess, sys
    from pathlib import Path
    import pandas as pd
    bin_ = Path(sys.executable).parent / 'brainscore-nb'
    small = str(Path(__file__).parent / 'small_benchmarks.py')
    p = subprocess.run([str(bin_), '--import', small, 'layers', 'gabor-v1', 'Small.IT-rdm', '--out', str(tmp_path / 'out')],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].split() == ['layer', 'depth', 'score', 'raw', 'ceiling', 'error', 'features']
    assert [l.split()[0] for l in lines[1:3]] == ['simple', 'complex']
    assert '1 extraction pass(es) over 1 stimulus set(s)' in p.stdout
    table = pd.read_csv(tmp_path / 'out' / 'gabor-v1__Small.IT-rdm.layers.csv')
    assert table['features'].tolist() == [96 * 144, 24 * 144]
    assert (tmp_path / 'out' / 'gabor-v1__Small.IT-rdm.layers.png').stat().st_size > 10_000
    p = subprocess.run([str(bin_), 'layers', 'gabor-v1', 'Geirhos2019.edges-accuracy', '--out', str(tmp_path / 'out')],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 1 and 'records no region' in p.stderr
