"""The recurrent test model (brainscore_nb.models.recurrent): one recording slice per time bin, scored by a spantime metric."""
import numpy as np
import pytest
from PIL import Image
from brainscore_nb.data.stimuli import StimulusSet
from brainscore_nb.metrics.regression import spantime_ridge, spantime_pls
from brainscore_nb.models.recurrent import RecurrentToy


@pytest.fixture
def stimuli(tmp_path):
    rng = np.random.default_rng(0)
    for i in range(40): Image.fromarray(rng.integers(0, 256, (32, 32, 3), dtype=np.uint8)).save(tmp_path/f's{i}.png')
    return StimulusSet({'stimulus_id': [f's{i}' for i in range(40)]}, identifier='noise40',
                       stimulus_paths={f's{i}': tmp_path/f's{i}.png' for i in range(40)})


def test_one_slice_per_bin_with_latency_by_area(stimuli):
    model = RecurrentToy()
    first = {}
    for region in model.regions:
        model.start_recording(region, [(t, t + 10) for t in range(0, 60, 10)])
        rec = model.look_at(stimuli)
        assert rec.dims == ('presentation', 'neuroid', 'time_bin') and rec.shape == (40, 64, 6)
        assert list(rec.time_bin_start.values) == [0, 10, 20, 30, 40, 50] and set(rec.region.values) == {region}
        first[region] = int(np.argmax(np.abs(rec.values).max(axis=(0, 1)) > 0))
    assert first == {'V1': 0, 'V2': 1, 'V4': 2, 'IT': 3}  # the signal climbs one area per 10 ms step


def test_bins_average_the_steps_they_overlap(stimuli):
    model = RecurrentToy()
    model.start_recording('V4', [(20, 30), (30, 40), (20, 40), (-30, -10), (25, 35)])
    r = model.look_at(stimuli).values
    np.testing.assert_allclose(r[..., 2], (r[..., 0] + r[..., 1]) / 2, rtol=1e-6)
    np.testing.assert_allclose(r[..., 4], r[..., 2], rtol=1e-6)  # (25, 35) overlaps the steps of 20-30 and 30-40
    assert np.abs(r[..., 3]).max() == 0  # before onset
    assert not np.allclose(r[..., 0], r[..., 1])


def test_spantime_metrics_score_it(stimuli):
    model = RecurrentToy()
    model.start_recording('IT', [(t, t + 10) for t in range(30, 100, 10)])
    it = model.look_at(stimuli)
    noise = np.random.default_rng(1).normal(size=it.shape) * it.values.std()
    target = it.copy(data=it.values + 0.1 * noise).assign_coords(neuroid_id=('neuroid', [f'n{i}' for i in range(64)]))
    assert float(spantime_ridge(it, target, splits=3)) == pytest.approx(0.6683, abs=1e-3)  # splits by stimulus_id
    assert abs(float(spantime_ridge(it, target.copy(data=noise), splits=3))) < 0.1
    assert float(spantime_pls(it, target, splits=3, n_components=10)) > 0.5


def test_seeded_and_errors(stimuli):
    a, b, c = RecurrentToy(), RecurrentToy(), RecurrentToy(seed=1)
    for m in (a, b, c): m.start_recording('V1', [(0, 10)])
    assert np.array_equal(a.look_at(stimuli).values, b.look_at(stimuli).values)
    assert not np.allclose(a.look_at(stimuli).values, c.look_at(stimuli).values)
    with pytest.raises(ValueError, match="has no region 'MT'"): a.start_recording('MT', [(0, 10)])
    with pytest.raises(ValueError, match='end after they start'): a.start_recording('IT', [(10, 0)])
    with pytest.raises(NotImplementedError, match='cannot perform task'): a.start_task('label')
    with pytest.raises(RuntimeError, match='call start_recording'): RecurrentToy().look_at(stimuli)
    with pytest.raises(ValueError, match='0 < step_ms <= tau_ms'): RecurrentToy(step_ms=30, tau_ms=20)
