"""The shared fixture maker of the cross-checks (tests/test_crosschecks.py): for a Brain-Score plugin family, the catalog
rows that serve its fixture packages (written by Brain-Score's own packaging code: tests/brainio/make_<family>.py) from
the SeaweedFS test server under the real catalog keys, the stored model answers each id is scored with, what the
benchmark declares, and the package a benchmark names when nothing is listening.

A family is one entry of FAMILIES, or (a new family) its own tests/brainio/<family>/family.py setting FAMILY;
families whose tests do more than this keep their own tests/test_bs_<family>.py."""
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pytest import approx

from brainio_catalog import assembly_row, serve_train_test, stimulus_row, upload, use_catalog

BRAINIO = Path(__file__).parent / 'brainio'
BEHAVIOR = 'BehavioralAssembly'


@dataclass
class Family:
    "How one family's fixture is served and scored"
    stimuli: dict = field(default_factory=dict)  # catalog key -> (file stem, extra row keywords)
    assemblies: dict = field(default_factory=dict)  # catalog key -> (file stem, stimulus set key, class, keywords)
    train_test: str = ''  # a train/test family's catalog key (tests/brainio/<family>/packages.json)
    model: tuple = ()  # ('features' | 'behavior' | 'choice' | 'odd_one_out' | 'labels', file or {id part: file}, degrees)
    meta: dict = field(default_factory=dict)  # what every id of the family declares (version, visual degrees, ...)
    offline: str = ''  # the start of the package address named when nothing is listening (after brainscore-storage/)
    hidden: tuple = ()  # stimulus set columns the benchmark must not show the model (the labels)
    data_sha1: bool = True  # its scores name the data's sha1 (not where the data are only images)
    check: Callable = None  # (benchmark, score, record) -> asserts what else the family's record holds


def _pairs(stems, cls, stimulus_set=None, **kw):
    "{key: stem} -> stimulus sets and assemblies under the same keys"
    return ({k: (s, kw) for k, s in stems.items()},
            {k: (s, k if stimulus_set is None else stimulus_set, cls, kw) for k, s in stems.items()})


def _li2026(benchmark, score, record):
    "Each region's units (4 of each animal's 6 above 0.4) or RDMs (one per animal), and the ceiling's details"
    theirs, (region, metric) = record['brainscore'], benchmark.identifier.split('.')[1].split('-')
    assert (benchmark.region, benchmark.parent) == (region, theirs['parent'])
    if metric == 'rdm':  # 2 animals in V1, V2, V4, 3 in IT; the ceiling's leave-one-out lower bound
        assert benchmark.rdms.sizes['subject'] == (3 if region == 'IT' else 2)
        assert score.attrs['ceiling'].attrs['lower_bound_loo'] == approx(theirs['lower_bound_loo'], abs=1e-12)
    else:  # one unit is at float32 0.4: not above; the ceiling's error: the bootstrap over units, Brain-Score's seed
        assert dict(benchmark.assembly.sizes) == {'presentation': 60, 'neuroid': 12 if region == 'IT' else 8}
        assert score.attrs['ceiling'].error == approx(theirs['ceiling_error'], abs=1e-12)


def _ferguson2024(benchmark, score, record):
    "The color files under every experiment's keys: its stimuli, fitting labels and both integrals"
    assert (len(benchmark.stimuli), len(benchmark.fitting_stimuli)) == (48, 12)
    assert set(benchmark.fitting_stimuli['image_label']) == {'oddball', 'same'}
    integrals = benchmark.human_integral, score.attrs['raw'].attrs['model_integral']
    assert integrals == approx((record['brainscore']['human_integral'], record['brainscore']['model_integral']),
                               abs=1e-12)
    assert 'ci_reason' in score.attrs  # value_delta keeps no material to resample


def _pls(sites: int, stratification=lambda benchmark: None):
    """A PLS benchmark's check: its sites, how its folds are stratified, and the raw score and score Brain-Score's
    PLS gives run to convergence"""
    def check(benchmark, score, record):
        assert dict(benchmark.assembly.sizes) == {'presentation': 40, 'neuroid': sites}
        assert benchmark.metric.keywords == {'stratification_coord': stratification(benchmark)}
        theirs = record['brainscore']
        assert (score.attrs['raw'].center, score.center) == approx(
            (theirs['raw_converged'], theirs['score_converged']), abs=2e-7)
        assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']
    return check


def _sanghavi2020(benchmark, score, record):
    "Each experiment's visual degrees and trials; Sanghavi2020 stratifies its folds by object"
    experiment, region = benchmark.identifier.split('-')[0].split('.')
    assert (benchmark.visual_degrees, benchmark.number_of_trials) == _SANGHAVI[experiment]
    assert (benchmark.region, benchmark.parent) == (region, region)
    _pls(3, lambda b: 'object_name' if experiment == 'Sanghavi2020' else None)(benchmark, score, record)


def _imagenet_c(benchmark, score, record):
    "Every 10th row, as on Brain-Score's machines; all rows (the plugin's fallback) give Brain-Score's numbers too"
    from brainscore_nb.benchmarks.imagenet_c import imagenet_c_top1
    theirs, ours = record['brainscore'], record['ours']
    assert len(benchmark.stimuli) == theirs['n']
    category = benchmark.identifier.split('-')[2]
    whole = imagenet_c_top1(category, sampling_factor=1)(model('imagenet_c', benchmark.identifier))
    for numbers in (theirs, ours):
        assert (whole.center, whole.attrs['error']) == approx(
            (numbers['all_rows']['score'], numbers['all_rows']['error']), abs=1e-12)


_FERGUSON = ('circle_line', 'color', 'convergence', 'eighth', 'gray_easy', 'gray_hard', 'half', 'juncture', 'lle', 'llh',
             'quarter', 'round_f', 'round_v', 'tilted_line')  # Brain-Score 2.4.2's experiments
_SANGHAVI = {'Sanghavi2020': (8, 28), 'SanghaviJozwik2020': (8, 37), 'SanghaviMurty2020': (5, 50)}  # degrees, trials
_SANGHAVI_SETS = {'Sanghavi2020': 'hvm', 'SanghaviJozwik2020': 'BOLD5000', 'SanghaviMurty2020': 'Rust2012'}
_IMAGENET_C = ('noise', 'blur', 'weather', 'digital')
_BMD = _pairs({f'BMD2024.{c}': f'BMD_2024_{c}' for c in ('texture_1', 'texture_2', 'dotted_1', 'dotted_2')}, BEHAVIOR)
_BAKER = _pairs({f'Baker2022_{d}_distortion': f'Baker2022_{d}_distortion' for d in ('normal', 'inverted')}, BEHAVIOR)
FAMILIES = {
    'gifford2022': Family(train_test='Gifford2022', model=('features', None, 7),
                          meta=dict(version=3, visual_degrees=7, number_of_trials=1, parent='IT'),
                          offline='brainscore-vision/benchmarks/Gifford2022/assy_THINGS_EEG2_train_Assembly.nc'),
    'papale2025': Family(train_test='Papale2025', model=('features', None, 18),
                         meta=dict(version=3, visual_degrees=18, number_of_trials=1),
                         offline='brainscore-vision/benchmarks/Papale2025/assy_THINGS_TVSD_train_Assembly.nc'),
    'hebart2023_fmri': Family(train_test='Hebart2023_fmri', model=('features', None, 10),
                              meta=dict(version=3, visual_degrees=10, number_of_trials=1),
                              offline='brainscore-vision/benchmarks/Hebart2023_fmri/assy_THINGS_fMRI_train_Assembly.nc'),
    'hebart2023': Family(stimuli={'Hebart2023': ('Hebart2023', {})},
                         assemblies={'Hebart2023': ('Hebart2023', 'Hebart2023', BEHAVIOR, {})},
                         model=('odd_one_out', 'assy_fixture_Hebart2023_features.nc', 8),
                         meta=dict(version=1, visual_degrees=8, number_of_trials=1, parent='behavior_vision'),
                         offline='brainio-brainscore/(assy|stimulus)_Hebart2023'),
    'objectnet': Family(stimuli={'BarbuMayo2019': ('BarbuMayo2019', {})},
                        model=('choice', 'assy_fixture_BarbuMayo2019_model.nc', None),
                        meta=dict(version=1, visual_degrees=None, number_of_trials=10, parent='engineering'),
                        offline='brainio-brainscore/stimulus_BarbuMayo2019', hidden=('synset',)),
    'baker2022': Family(*_BAKER, model=('choice', {'inverted': 'assy_fixture_Baker2022_inverted_model.nc',
                                                   '': 'assy_fixture_Baker2022_normal_model.nc'}, 8),
                        meta=dict(version=1, visual_degrees=8.8, number_of_trials=1, parent='Baker2022'),
                        offline='brainio-brainscore/(assy|stimulus)_Baker2022_(normal|inverted)_distortion'),
    'maniquet2024': Family(stimuli={k: (k, {}) for k in ('Maniquet2024', 'Maniquet2024-test', 'Maniquet2024-train')},
                           assemblies={'Maniquet2024': ('Maniquet2024', '', BEHAVIOR, {})},
                           model=('behavior', 'assy_fixture_Maniquet2024_model.nc', 8),
                           meta=dict(version=1, visual_degrees=8, number_of_trials=1, parent='Maniquet2024'),
                           offline='brainio-brainscore/assy_Maniquet2024.nc'),
    'lonnqvist2024': Family(stimuli={k: (k, {}) for k in ('Lonnqvist2024_test', 'Lonnqvist2024_train')},
                            assemblies={f'Lonnqvist2024_{d}': (f'Lonnqvist2024_{d}', 'Lonnqvist2024_test', BEHAVIOR, {})
                                        for d in ('inlab-instructions', 'inlab-no-instructions',
                                                  'online-no-instructions')},
                            model=('behavior', 'assy_fixture_Lonnqvist2024_model.nc', 17.70753),
                            meta=dict(version=1, visual_degrees=17.70753, number_of_trials=1, parent='Lonnqvist2024'),
                            offline='brainio-brainscore/stimulus_Lonnqvist2024_test.csv'),
    'coggan2024_behavior': Family(
        stimuli={k: (f'tong_{k}', dict(identifier=f'tong.{k}'))
                 for k in ('Coggan2024_behavior', 'Coggan2024_behavior_fitting')},
        assemblies={'Coggan2024_behavior': ('tong_Coggan2024_behavior', 'Coggan2024_behavior', BEHAVIOR,
                                            dict(identifier='tong.Coggan2024_behavior'))},
        model=('behavior', 'assy_fixture_Coggan2024_behavior_model.nc', 10),
        meta=dict(version=1, visual_degrees=10, number_of_trials=1, parent='behavior'),
        offline='brainio-brainscore/(assy|stimulus)_tong_Coggan2024_behavior'),
    'bracci2019': Family(stimuli={'Bracci2019': ('fixture_Bracci2019', dict(identifier='fixture.Bracci2019'))},
                         assemblies={'Bracci2019': ('fixture_Bracci2019', '', 'NeuroidAssembly',
                                                    dict(identifier='fixture.Bracci2019'))},
                         model=('features', None, 8),
                         meta=dict(version=1, visual_degrees=8, number_of_trials=1, parent='Bracci2019', region='IT',
                                   time_bins=[(70, 170)]),
                         offline='brainio-brainscore/(assy|stimulus)_Bracci2019'),
    'islam2021': Family(stimuli={'Islam2021': ('Islam2021', {})},
                        model=('features', 'assy_fixture_Islam2021_features.nc', None),
                        meta=dict(version=1, visual_degrees=None, parent='Islam2021', time_bins=[(70, 170)]),
                        offline='brainio-brainscore/stimulus_Islam2021', data_sha1=False),
    'bmd2024': Family(*_BMD, model=('behavior', 'assy_fixture_BMD2024_model.nc', 8),
                      meta=dict(version=1, visual_degrees=8, number_of_trials=1, parent='BMD2024'),
                      offline='brainio-brainscore/(assy|stimulus)_BMD_2024_'),
    'li2026': Family(stimuli={'Li2026': ('fixture_Li2026', dict(identifier='fixture.Li2026'))},
                     assemblies={'Li2026': ('fixture_Li2026', 'fixture.Li2026', 'NeuronRecordingAssembly',
                                            dict(identifier='fixture.Li2026'))},
                     model=('features', None, 11),
                     meta=dict(version=1, visual_degrees=11, number_of_trials=1, time_bins=[(70, 170)]),
                     offline='brainscore-vision/benchmarks/Li2026/assy_Li2026_Assembly.nc', check=_li2026),
    'ferguson2024': Family(  # the color experiment's files served under every experiment's keys
        stimuli={k: (s, {}) for e in _FERGUSON for k, s in ((f'Ferguson2024_{e}', 'Ferguson2024_color'),
                 (f'Ferguson2024_{e}_training_stimuli', 'Ferguson2024_color_training_stimuli'))},
        assemblies={f'Ferguson2024_{e}': ('Ferguson2024_color', f'Ferguson2024_{e}', BEHAVIOR, {}) for e in _FERGUSON},
        model=('behavior', 'assy_fixture_Ferguson2024_color_model.nc', 8),
        meta=dict(version=1, visual_degrees=8, number_of_trials=3, parent='behavior'),
        offline='brainio-brainscore/(assy|stimulus)_Ferguson2024_', check=_ferguson2024),
    'rajalingham2020': Family(
        stimuli={'Rajalingham2020': ('fixture_Rajalingham2020', dict(identifier='fixture.Rajalingham2020'))},
        assemblies={'Rajalingham2020': ('fixture_Rajalingham2020', 'Rajalingham2020', 'NeuronRecordingAssembly',
                                        dict(identifier='fixture.Rajalingham2020'))},
        model=('features', None, 8),
        meta=dict(version=2, parent='IT', region='IT', visual_degrees=8, number_of_trials=33, time_bins=[(70, 170)]),
        offline='brainio-brainscore/(assy_dicarlo_Rajalingham2020.nc|stimulus_Rajalingham2020.csv)',
        check=_pls(6)),
    'sanghavi2020': Family(
        stimuli={k: (f'fixture_{k}', dict(identifier=f'fixture.{k}')) for k in _SANGHAVI_SETS.values()},
        assemblies={e: (f'fixture_{e}', k, 'NeuronRecordingAssembly', dict(identifier=f'fixture.{e}'))
                    for e, k in _SANGHAVI_SETS.items()},
        model=('features', None, 8), meta=dict(version=2, time_bins=[(70, 170)]),
        offline='brainio-brainscore/(assy_dicarlo_Sanghavi|stimulus_)', check=_sanghavi2020),
    'imagenet_c': Family(
        stimuli={f'imagenet_c.{c}': (f'imagenet_c_{c}', {}) for c in _IMAGENET_C},
        model=('labels', {c: f'answers_{c}.csv' if c != 'noise' else 'answers.csv' for c in _IMAGENET_C}, None),
        meta=dict(version=2, parent='engineering', visual_degrees=None, number_of_trials=10),
        offline='brainio-brainscore/stimulus_imagenet_c_', check=_imagenet_c),
}


def serve(family: str, endpoint: str, tmp_path, monkeypatch) -> Path:
    "Serve `family`'s fixture packages from `endpoint` as the catalog brainscore_nb reads"
    spec, folder = FAMILIES[family], BRAINIO / family
    if spec.train_test: return serve_train_test(folder, spec.train_test, endpoint, tmp_path, monkeypatch)
    versions = upload(endpoint, *sorted(p for p in folder.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = [stimulus_row(key, folder / f'stimulus_{stem}.csv', folder / f'stimulus_{stem}.zip', versions, **kw)
            for key, (stem, kw) in spec.stimuli.items()]
    rows += [assembly_row(key, folder / f'assy_{stem}.nc', versions, stimulus_set=stimuli, cls=cls, **kw)
             for key, (stem, stimuli, cls, kw) in spec.assemblies.items()]
    return use_catalog(rows, tmp_path / f'{family}_catalog.tsv', monkeypatch)


def serve_package(family: str, key: str, endpoint: str, tmp_path, monkeypatch) -> Path:
    """Serve the one package of `family`'s folder (its packages.json: `stimuli`, `assembly`) as the catalog entries
    `key`, the assembly naming its stimulus set by identifier (for the families whose tests are their own)"""
    folder = BRAINIO / family
    st, a = (json.loads((folder / 'packages.json').read_text())[k] for k in ('stimuli', 'assembly'))
    versions = upload(endpoint, *sorted(p for p in folder.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = [stimulus_row(key, folder / st['csv_path'], folder / st['zip_path'], versions, identifier=st['identifier']),
            assembly_row(key, folder / a['path'], versions, stimulus_set=st['identifier'],
                         cls='NeuronRecordingAssembly', identifier=a['identifier'], sha1=a['sha1'])]
    return use_catalog(rows, tmp_path / f'{family}_catalog.tsv', monkeypatch)


def model(family: str, identifier: str):
    "The stored model answers `family`'s fixture scores `identifier` with"
    from brainscore_nb.data.brainio import read_brainio_assembly
    from brainscore_nb.models.interface import PrecomputedBehavior, PrecomputedFeatures, PrecomputedOddOneOut
    kind, name, degrees = FAMILIES[family].model
    folder = BRAINIO / family
    if isinstance(name, dict): name = next(f for part, f in name.items() if part in identifier)
    if name is None: name = json.loads((folder / 'packages.json').read_text())['features']['path']
    kw = {} if degrees is None else dict(visual_degrees=degrees)
    if kind == 'labels':  # stored labels, one a stimulus (csv: stimulus_id, label)
        import pandas as pd
        from brainscore_nb.data.assemblies import BehavioralAssembly
        a = pd.read_csv(folder / name)
        return PrecomputedBehavior(BehavioralAssembly(a['label'].to_numpy(dtype=str), dims=['presentation'], coords={
            'stimulus_id': ('presentation', a['stimulus_id'].to_numpy(dtype=str))}), 'stored-answers', **kw)
    if kind in ('features', 'odd_one_out'):
        features = read_brainio_assembly(folder / name, 'NeuroidAssembly')
        cls = PrecomputedFeatures if kind == 'features' else PrecomputedOddOneOut
        return cls(features, 'fixture-features', **kw)
    answers = read_brainio_assembly(folder / name, BEHAVIOR)
    if kind == 'choice': answers = answers.squeeze('choice', drop=True)
    return PrecomputedBehavior(answers, 'fixture-model', **kw)


def declared_families(folder: Path = BRAINIO) -> dict:
    "Families that declare their fixture in their own folder: <folder>/<family>/family.py sets FAMILY"
    import importlib.util
    found = {}
    for path in sorted(Path(folder).glob('*/family.py')):
        spec = importlib.util.spec_from_file_location(f'crosscheck_family_{path.parent.name}', path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not isinstance(getattr(module, 'FAMILY', None), Family):
            raise TypeError(f'{path}: set FAMILY = crosscheck_fixtures.Family(...)')
        found[path.parent.name] = module.FAMILY
    return found


# a new family declares its fixture beside its files (tests/brainio/<family>/family.py): no entry above
if (_twice := set(FAMILIES) & set(_declared := declared_families())):
    raise ValueError(f'families declared both in FAMILIES and in their folder: {sorted(_twice)}')
FAMILIES.update(_declared)
