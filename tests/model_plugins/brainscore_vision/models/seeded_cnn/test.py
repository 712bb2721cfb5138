import pytest

import brainscore_vision


@pytest.mark.memory_intense
def test_has_identifier():
    model = brainscore_vision.load_model('seeded-cnn')
    assert model.identifier == 'seeded-cnn'
