"""The README's main job: package and validate a real dataset from the mirror, as a user runs it."""
import re
import subprocess
import sys


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
