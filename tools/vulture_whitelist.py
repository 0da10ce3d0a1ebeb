"""Names vulture (dead-code finder) cannot see used, each group with the reason it stays.

Run: vulture (its paths and options are [tool.vulture] in pyproject.toml)
(tests/test_dead_code.py runs it). It reads the package alone, so what only the tests use
counts as dead. Add a name here only with its reason; never a dead one.
"""

# ruff: noqa: B018, F821
# mypy: ignore-errors

# Record fields read from a source or a file and written back out (snapshot JSON, the catalog,
# the probe's result): kept so a round trip loses nothing, even where no rule reads them yet.
chip  # catalog/records.py: the GPU die, shown in the catalog export
memory_bus_bits  # catalog/records.py: columns of the catalog, exported by name
bf16_tflops  # (catalog/export_rules.py) and checked by tests/helpers/catalog_checks.py
fp8_tflops
int8_tops
tf_reason  # catalog/records.py: why a card has its TensorFlow status, a catalog column
cudnn_version  # catalog/records.py: TensorFlow's tested build table
retrieved  # catalog/records.py: when a source was read, a catalog column
attached_gpus  # hardware/nvidia_smi.py: the report's GPU count, kept with the parsed report
ecc_enabled  # hardware/records.py: GPU fields from nvidia-smi and NVML, kept in snapshots
rail_12v_power_w  # hardware/records.py: a supply's telemetry (liquidctl), kept in snapshots
input_power_estimated
mfu  # planning/speed/training.py: the LLM anchor's measured utilisation, as the model file records it
stderr_tail  # probe/results.py: the worker's last words, kept in the probe's result file
python_versions  # catalog/records.py: TensorFlow's tested build table
license  # catalog/records.py: a source's licence, shown by `db sources`
verified  # catalog/records.py: a source's verification date
platforms  # catalog/records.py: TensorFlow route platforms
subordinate_bus  # hardware/lspci.py: a bridge's bus range, parsed with its primary
uuid  # hardware/records.py: GPU fields from nvidia-smi and NVML, kept in snapshots
memory_used_mib
power_min_limit_w
clock_graphics_mhz
clock_sm_mhz
clock_memory_mhz
clock_graphics_max_mhz
clock_memory_max_mhz
performance_state
input_voltage_v  # hardware/records.py: a supply's telemetry (liquidctl), kept in snapshots
efficiency_percent
ocp_mode
comment  # kiosk/config.py: a shop's note in its configuration file
headroom_pct  # planning/machine/power.py: part of the supply verdict a report may show
headroom_w
prefill_error_pct  # planning/speed/training.py: the fitted prefill error, from the model file
calibrated  # planning/speed/training.py: whether the probe moved a prediction (JSON output)
max_sm_clock_mhz  # probe/results.py: the probe's reading, kept in its result file

# Attributes and methods other libraries call.
_.row_factory  # sqlite3 reads it on each query
_.writelines  # core/terminal.py: the file protocol sys.stdout must offer
_.paintEvent  # Qt overrides
_.eventFilter
_.columnCount
_.headerData
_.setData
_.filterAcceptsRow
_.lessThan
_.isEmpty
watched  # Qt's eventFilter(watched, event) signature
disambiguation  # Qt's QTranslator.translate signature

# Called by name.
gui_main  # pyproject.toml [project.gui-scripts]: the double-click entry point
_.step_env  # probe/worker.py: each step runs as getattr(self, f"step_{name}")
_.step_matmul
_.step_bandwidth
_.step_transfer
_.step_training
_.step_input
_.step_allreduce
ComputerPage  # ui/main_window.py builds the wizard's pages from their module paths
ProbePage
ReportPage
ResultsPage
WorkloadPage

# The closed list of a probe run's final states: what probe/classify.py returns and
# ui/probe_view.py words (tests/test_probe_classify.py holds classify to it).
STATUSES

# The handles a test drives the wizard by, as a user's clicks would (widgets hold no logic
# of their own to test; tests/helpers/wizard.py and the qtbot tests reach the pages here).
computer_page  # ui/main_window.py: the wizard's pages by name
probe_page
workload_page
_.set_scenario  # ui/pages/scenario_page.py: chooses a scenario as its button does

# Qt's own words its Chinese catalogue lacks (the file dialog's "&Look in:"): declared so the
# translation extractor carries them into our .ts, which the translator then serves.
QT_GAPS  # ui/translator.py

# The maintainers' tools (not in vulture's paths) narrow a word with the vocabulary's helper.
as_region  # core/vocab.py: tools/price_pack.py, a figure's market
