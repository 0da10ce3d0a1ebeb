"""A Keras preset's job as the resolver fills it in, for tests that call the speed and memory
models directly (they take every job input; planning/job/resolve.py:shape_of is the one place that
defaults one)."""

from __future__ import annotations

from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.planning.job.resolve import shape_of


def preset_run(workload, batch=None, seq=None):
    """``batch`` and ``seq`` of ``workload``'s job: as given, else the resolver's."""
    shape = shape_of(JobInputs(workload=workload, batch=batch, seq=seq))
    return {"batch": shape.batch, "seq": shape.seq}
