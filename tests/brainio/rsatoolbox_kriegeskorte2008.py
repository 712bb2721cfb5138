"""rsatoolbox 0.3.2's RDM comparisons and noise ceilings on the Kriegeskorte 2008 human IT RDMs (4 subjects, sessions
averaged, as `brainscore_nb.benchmarks.kriegeskorte2008` reads them), written to rsatoolbox_kriegeskorte2008.json beside
this file; tests/test_rsatoolbox.py compares ours with them. Runs in a venv with rsatoolbox (not the project's):

    python3 -m venv rsavenv && rsavenv/bin/pip install rsatoolbox==0.3.2
    .venv/bin/python -c "import numpy as np, brainscore_nb as bn; from brainscore_nb.benchmarks.kriegeskorte2008 \
import _subjects; np.save('hit.npy', _subjects(bn.load_dataset('Kriegeskorte2008.hIT')).values)"
    rsavenv/bin/python tests/brainio/rsatoolbox_kriegeskorte2008.py hit.npy
"""
import json, sys
from importlib.metadata import version
from pathlib import Path

import numpy as np
from rsatoolbox.inference.noise_ceiling import boot_noise_ceiling
from rsatoolbox.rdm import RDMs
from rsatoolbox.rdm.compare import compare

rdms = np.load(sys.argv[1])  # subject x stimulus x stimulus
assert rdms.shape == (4, 92, 92), rdms.shape
record = dict(rsatoolbox=version('rsatoolbox'), data='Kriegeskorte2008.hIT, sessions averaged (4 x 92 x 92)',
              sha1_of_rdms=__import__('hashlib').sha1(np.ascontiguousarray(rdms, np.float64).tobytes()).hexdigest(),
              compare={}, noise_ceiling={})
for method in ('spearman', 'tau-a', 'corr'):
    record['compare'][method] = [[float(compare(RDMs(rdms[i:i + 1]), RDMs(rdms[j:j + 1]), method=method)[0, 0])
                                  for j in range(4)] for i in range(4)]
    lower, upper = boot_noise_ceiling(RDMs(rdms), method=method)
    record['noise_ceiling'][method] = dict(lower=float(lower), upper=float(upper))
out = Path(__file__).with_name('rsatoolbox_kriegeskorte2008.json')
out.write_text(json.dumps(record, indent=1) + '\n')
print(json.dumps(record['noise_ceiling']))
