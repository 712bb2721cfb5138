"""A metric declared in a test module and nowhere else (no file of the library names it):
tests/test_metric_declaration.py imports this module, finds the metric by name and gets its intervals
through the resampler declared here."""
import numpy as np

from brainscore_nb.metrics.crossval import metric_options
from brainscore_nb.metrics.score import Score, keep_heldout, metric, resampler


@resampler('closeness')
def _closeness(material, draws):
    "1 - the mean absolute difference, each stimulus weighted by how often the draw picked it"
    w = draws.of('stimulus_id', material['stimulus_id'])
    return 1 - (w * material['difference']).sum(1) / w.sum(1)


@metric('closeness', resampler='closeness')
@metric_options()
def closeness(source, target, *, scale: float = 1.0):
    "1 - the mean absolute difference of two vectors of values in [0, scale]"
    difference = np.abs(np.asarray(source, float) - np.asarray(target, float)) / scale
    return keep_heldout(Score(1 - difference.mean()), 'closeness', difference=difference,
                        stimulus_id=np.arange(len(difference)))
