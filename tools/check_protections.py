"""Remove each protection in turn and check that its test notices (docs/RELIABILITY.md).

Usage: python tools/check_protections.py   (about 15 minutes; restores every file, even on Ctrl+C)
Each line: the protection, CAUGHT or MISSED, and pytest's summary. Exit 1 if any is MISSED.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

# (protection, file, the code that protects, the code without it, the tests that must fail)
MUTANTS = [
    (
        "NVML call time limit",
        "gpuplanner/hardware/nvml.py",
        "    worker.join(timeout_s)",
        "    worker.join()",
        "tests/test_hw_nvml.py::test_emulate_a_hung_driver_call_is_time_bounded",
    ),
    (
        "probe tree killed, however a child left the group",
        "gpuplanner/probe/runner.py",
        "        self._family.end(grace_s=FAMILY_GRACE_S)",
        "        pass",
        "tests/test_probe_leash.py::test_children_that_leave_the_process_group_are_ended_too",
    ),
    (
        "catalog rebuilt when stale or corrupt",
        "gpuplanner/catalog/bundled.py",
        "    if stored_digest(db_path) == wanted:",
        "    if db_path.exists():",
        "tests/test_catalog_build.py::test_a_corrupt_database_is_rebuilt tests/test_catalog_build.py::test_garbage_in_place_of_the_database_is_rebuilt",
    ),
    (
        "kiosk close ignored",
        "gpuplanner/ui/kiosk.py",
        "            event.ignore()",
        "            event.accept()",
        "tests/test_kiosk.py::test_close_requests_and_closing_keys_are_ignored",
    ),
    (
        "CSV formula neutralising",
        "gpuplanner/catalog/pricelist.py",
        'value[0] in "=+-@\\t\\r"',
        'value[0] in ""',
        "tests/test_fleet.py::test_csv_export_is_excel_safe_and_html_is_escaped tests/test_pricelist.py::test_export_neutralises_formulas_and_round_trips",
    ),
    (
        "save targets must be regular files",
        "gpuplanner/core/atomic.py",
        "    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):",
        "    if False:",
        "tests/test_save_targets.py",
    ),
    (
        "atomic write cleanup",
        "gpuplanner/core/atomic.py",
        "            tmp.unlink()",
        "            pass",
        "tests/test_reliability.py::test_a_full_disk_while_saving_keeps_the_old_file_and_leaves_no_debris",
    ),
    (
        "user db rollback",
        "gpuplanner/catalog/userdb.py",
        '            self._conn.execute("rollback")',
        '            self._conn.execute("commit")',
        "tests/test_userdb.py::test_a_failure_mid_import_changes_nothing tests/test_reliability.py::test_a_full_disk_during_an_import_changes_nothing_and_says_so",
    ),
    (
        "HTML escaping",
        "gpuplanner/report/html.py",
        "    e = html.escape\n",
        "    e = str\n",
        "tests/test_reliability.py::test_markup_in_names_is_escaped_in_the_html_report",
    ),
    (
        "PIN delay",
        "gpuplanner/kiosk/pin.py",
        "min(MAX_DELAY_S, 2.0 ** (self.failures - 1))",
        "0.0",
        "tests/test_kiosk.py::test_wrong_tries_make_the_next_one_wait_longer tests/test_kiosk.py::test_the_pin_gate_opens_the_staff_menu_only_with_the_right_pin",
    ),
    (
        "kiosk idle reset rebuilds",
        "gpuplanner/ui/kiosk.py",
        "        self.main = self._new_main()\n        self._layout.replaceWidget",
        "        self.main.go(0)\n        if False: self._layout.replaceWidget",
        "tests/test_kiosk.py::test_idle_reset_clears_every_field_after_a_visible_countdown",
    ),
    (
        "liquidctl guard",
        "gpuplanner/hardware/psu.py",
        "    except Exception as exc:  # a broken liquidctl install",
        "    except ImportError as exc:  # a broken liquidctl install",
        "tests/test_reliability.py::test_liquidctl_raising_inside_does_not_break_the_scan",
    ),
    (
        "kiosk config PIN required",
        "gpuplanner/kiosk/config.py",
        """    if settings.pin_hash is None:
        refuse("'pin_hash' is required")""",
        """    if settings.pin_hash is None:
        object.__setattr__(settings, "pin_hash", "pbkdf2_sha256$200000$00$" + "0" * 64)""",
        "tests/test_kiosk.py::test_invalid_configurations_are_refused_with_the_reason",
    ),
    (
        "damaged database set aside under a lock",
        "gpuplanner/catalog/userdb.py",
        "            with filelock.exclusive(lock):",
        "            with open(lock, 'a'):",
        "tests/test_userdb.py::test_four_processes_finding_the_damage_at_once_keep_it_exactly_once",
    ),
    (
        "backup never overwritten",
        "gpuplanner/catalog/userdb.py",
        "os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600",
        "os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600",
        "tests/test_userdb.py::test_an_existing_backup_is_never_overwritten",
    ),
    (
        "price pack all or nothing",
        "gpuplanner/catalog/pricepack.py",
        "return self.manifest is not None and not self.rejected and bool(self.prices)",
        "return self.manifest is not None and bool(self.prices)",
        "tests/test_price_packs.py::test_a_pack_with_one_bad_row_changes_nothing_and_names_the_row",
    ),
    (
        "finished probe kept when its file cannot be written",
        "gpuplanner/commands/probe.py",
        "            save(result, args.save)\n        except OSError as exc:",
        "            save(result, args.save)\n        except ZeroDivisionError as exc:",
        "tests/test_probe_worker.py::test_a_finished_probe_is_shown_when_its_file_cannot_be_written",
    ),
    (
        "finished probe kept when the history is locked",
        "gpuplanner/catalog/userdb.py",
        "        except sqlite3.OperationalError as exc:\n            raise _write_error(self.path, exc) from exc\n        assert cursor.lastrowid",
        "        except ZeroDivisionError as exc:\n            raise _write_error(self.path, exc) from exc\n        assert cursor.lastrowid",
        "tests/test_probe_worker.py::test_a_finished_probe_is_shown_when_the_history_is_locked",
    ),
    (
        "probe output read in bounded lines",
        "gpuplanner/probe/protocol.py",
        "                    buffer += chunk[start:]\n                    if len(buffer) > max_line:",
        "                    buffer += chunk[start:]\n                    if False:",
        "tests/test_probe_leash.py::test_lines_are_bounded_and_split_across_chunks tests/test_probe_leash.py::test_a_gigabyte_line_stays_small_and_ends_in_time_in_the_cli",
    ),
    (
        "probe progress throttled",
        "gpuplanner/probe/protocol.py",
        "if now - self._last_progress >= 1 / PROGRESS_PER_S:",
        "if True:",
        "tests/test_probe_leash.py::test_the_window_survives_a_flood_and_a_huge_line",
    ),
    (
        "probe family marked in its environment",
        "gpuplanner/probe/family.py",
        "                if process.environ().get(MARK_ENV) == self.token:",
        "                if False:",
        "tests/test_probe_leash.py::test_children_that_leave_the_process_group_are_ended_too",
    ),
    (
        "signals cancel the probe command",
        "gpuplanner/commands/probe.py",
        "            previous[signum] = signal.signal(signum, lambda *_: cancel())",
        "            previous[signum] = signal.getsignal(signum)",
        "tests/test_probe_leash.py::test_a_signal_to_the_probe_command_cancels_and_ends_the_whole_tree",
    ),
    (
        "probe messages bounded before parsing",
        "gpuplanner/probe/protocol.py",
        '        if len(raw) > MAX_MESSAGE or line.count("[") + line.count("{") > MAX_CONTAINERS:',
        "        if False:",
        "tests/test_probe_leash.py::test_kept_messages_are_bounded_in_number_structure_and_bytes tests/test_probe_leash.py::test_large_nested_messages_stay_small_in_the_cli",
    ),
    (
        "GPUs per machine capped",
        "gpuplanner/hardware/snapshot.py",
        "    if count > MAX_GPUS:",
        "    if False:",
        "tests/test_hostile_files.py::test_a_machine_of_more_gpus_than_any_host_holds_is_refused_by_name",
    ),
    (
        "one file's parser failure is that file's error",
        "gpuplanner/hardware/snapshot.py",
        "    except Exception as exc:  # the boundary of one file",
        "    except ZeroDivisionError as exc:  # the boundary of one file",
        "tests/test_hostile_files.py::test_a_parser_failure_in_one_file_is_that_files_error_only tests/test_hostile_files.py::test_a_folder_loads_file_by_file",
    ),
    (
        "the shown sheet is the price list",
        "gpuplanner/catalog/pricefile.py",
        '    shown = [ws for ws in book.worksheets if ws.sheet_state == "visible"]',
        "    shown = list(book.worksheets)",
        "tests/test_hostile_files.py::test_a_hidden_sheet_is_never_read_as_the_price_list",
    ),
    (
        "a sheet's shape counted before rows are built",
        "gpuplanner/catalog/pricefile.py",
        "        _check_sheet_shape(book, sheet, file)",
        "        pass",
        "tests/test_hostile_files.py::test_a_workbook_declaring_a_huge_shape_is_refused_in_little_memory",
    ),
    (
        "a CSV cut mid-row refused",
        "gpuplanner/catalog/pricefile.py",
        "    _refuse_if_cut(text, rows, file)",
        "    pass",
        "tests/test_pricelist.py::test_a_list_cut_inside_its_last_row_is_refused_whole",
    ),
    (
        "user database schema compared on opening",
        "gpuplanner/catalog/userdb.py",
        "            check_schema(conn)",
        "            pass",
        "tests/test_odd_user_db.py::test_a_foreign_or_damaged_schema_is_set_aside_whole",
    ),
    (
        "odd database paths refused before SQLite",
        "gpuplanner/catalog/userdb.py",
        "        _refuse_odd_path(self.path)",
        "        pass",
        "tests/test_odd_user_db.py::test_what_sqlite_cannot_use_is_refused_by_name_and_left_as_it_is",
    ),
    (
        "a read-only home plans on",
        "gpuplanner/catalog/bundled.py",
        "        return _temporary_catalog(folder)",
        "        raise",
        "tests/test_odd_user_db.py::test_a_read_only_home_plans_and_refuses_writes_by_name",
    ),
    (
        "terminal controls written as text",
        "gpuplanner/cli.py",
        "    sys.stdout, sys.stderr = terminal.cleaned(sys.stdout), terminal.cleaned(sys.stderr)",
        "    pass",
        "tests/test_terminal.py::test_names_from_reports_reach_the_terminal_as_text",
    ),
    (
        "kiosk prints limited per customer",
        "gpuplanner/ui/pages/report_page.py",
        "            refusal = self.print_quota.take() if self.print_quota is not None else None",
        "            refusal = None",
        "tests/test_kiosk.py::test_forty_taps_on_print_are_not_forty_printouts",
    ),
    (
        "kiosk swallows context menus",
        "gpuplanner/ui/kiosk.py",
        "            return True  # no Cut/Copy/Paste menu anywhere",
        "            return False  # no Cut/Copy/Paste menu anywhere",
        "tests/test_kiosk.py::test_no_context_menu_and_no_clipboard_keys_anywhere",
    ),
    (
        "implausible readings are unknown",
        "gpuplanner/hardware/snapshot.py",
        "        return plausible(_load_file(path, name))",
        "        return _load_file(path, name)",
        "tests/test_hostile_files.py::test_readings_no_machine_has_are_unknown_and_said",
    ),
    (
        "a PDF kept only when whole",
        "gpuplanner/report/files.py",
        "        check_pdf(tmp, path)",
        "        pass",
        "tests/test_disk_errors.py::test_a_pdf_that_qt_could_not_finish_is_an_error_and_keeps_the_old_file",
    ),
    (
        "worker text stripped of control characters",
        "gpuplanner/probe/protocol.py",
        "return str(value).translate(_CONTROL)[:limit]",
        "return str(value)[:limit]",
        "tests/test_probe_leash.py::test_hostile_fields_are_cleaned_and_never_become_measurements",
    ),
    (
        "worker statuses from a fixed set",
        "gpuplanner/probe/protocol.py",
        'return value if isinstance(value, str) and value in allowed else "failed"',
        "return str(value)",
        "tests/test_probe_leash.py::test_hostile_fields_are_cleaned_and_never_become_measurements",
    ),
    (
        "negative or non-finite metrics dropped",
        "gpuplanner/probe/protocol.py",
        'if data.get("value") is not None and (value is None or value < 0):',
        "if False:",
        "tests/test_probe_leash.py::test_hostile_fields_are_cleaned_and_never_become_measurements",
    ),
    (
        "files read only when regular",
        "gpuplanner/core/boundedio.py",
        "    if not stat.S_ISREG(info.st_mode):",
        "    if False:",
        "tests/test_hostile_files.py::test_a_fifo_or_a_device_is_refused_without_waiting",
    ),
    (
        "files read up to their limit",
        "gpuplanner/core/boundedio.py",
        "    if len(data) > limit:",
        "    if False:",
        "tests/test_hostile_files.py::test_a_file_that_grows_past_its_limit_is_refused",
    ),
    (
        "XLSX limited by its unpacked size",
        "gpuplanner/catalog/pricefile.py",
        "    if unpacked > MAX_UNPACKED_BYTES or len(members) > 10_000:",
        "    if False:",
        "tests/test_hostile_files.py::test_an_xlsx_that_unpacks_to_gigabytes_is_refused_before_it_is_opened",
    ),
    (
        "UTF-16 reports read",
        "gpuplanner/hardware/nvidia_smi.py",
        "    wide = utf16_encoding(data)",
        "    wide = None",
        "tests/test_hostile_files.py::test_utf16_reports_as_powershell_writes_them_are_read",
    ),
    (
        "db commands say when they cannot write",
        "gpuplanner/commands/db.py",
        "    except OSError as exc:  # a full disk, a read-only folder, a missing one",
        "    except ZeroDivisionError as exc:",
        "tests/test_disk_errors.py::test_db_commands_writing_where_they_cannot_say_so",
    ),
    (
        "catalog build leaves no temporary file",
        "gpuplanner/catalog/build.py",
        "    with atomic.replacing(out_path) as tmp_path:\n        _write_database(tmp_path, data, digest)",
        "    tmp_path = out_path.with_name(f'.{out_path.name}.x.tmp')\n    _write_database(tmp_path, data, digest)\n    tmp_path.replace(out_path)",
        "tests/test_disk_errors.py::test_a_full_disk_during_a_catalog_build_leaves_no_temporary_file",
    ),
    (
        "set-pin starts an empty configuration from the example",
        "gpuplanner/kiosk/config.py",
        "    elif example is not None:",
        "    elif False:",
        "tests/test_disk_errors.py::test_set_pin_recovers_an_empty_configuration_and_refuses_a_broken_one",
    ),
    (
        "kiosk PIN hash iterations bounded",
        "gpuplanner/kiosk/pin.py",
        "    if iterations > MAX_ITERATIONS:",
        "    if False:",
        "tests/test_kiosk.py::test_a_pin_hash_with_absurd_parameters_is_refused_before_any_try",
    ),
    (
        "kiosk files only beside the configuration",
        "gpuplanner/kiosk/config.py",
        "    if not resolved.is_relative_to(folder):",
        "    if False:",
        "tests/test_kiosk.py::test_a_price_list_outside_the_configuration_folder_is_refused_without_showing_it",
    ),
    (
        "kiosk refusals never quote the file",
        "gpuplanner/catalog/pricelist.py",
        '            " in the header",',
        '            f" in the header {rows[header_index]}",',
        "tests/test_kiosk.py::test_a_price_list_outside_the_configuration_folder_is_refused_without_showing_it",
    ),
    (
        "kiosk reset clears the primary selection",
        "gpuplanner/ui/kiosk.py",
        "                clipboard.clear(QClipboard.Mode.Selection)",
        "                pass",
        "tests/test_kiosk.py::test_idle_reset_clears_the_primary_selection_too",
    ),
    (
        "kiosk configuration errors on the screen",
        "gpuplanner/cli.py",
        "            if _display_problem():  # no screen: the terminal and the log say it",
        "            if True:",
        "tests/test_kiosk.py::test_a_broken_configuration_is_shown_on_the_screen",
    ),
    (
        "a temporary file of its own per save",
        "gpuplanner/core/atomic.py",
        'candidate = path.with_name(f"{_prefix(path)}{os.getpid()}.{secrets.token_hex(4)}.tmp")',
        'candidate = path.with_name(f"{_prefix(path)}tmp")',
        "tests/test_reliability.py::test_a_link_planted_at_a_temporary_name_is_never_followed tests/test_reliability.py::test_concurrent_saves_to_one_file_never_mix",
    ),
    (
        "an empty price list is not a wipe",
        "gpuplanner/catalog/userdb.py",
        "        if not rows and not allow_empty:",
        "        if False:",
        "tests/test_cli_db.py::test_an_empty_price_list_does_not_wipe_a_shops_prices",
    ),
    (
        "numbers that are not numbers refused",
        "gpuplanner/core/serial.py",
        "        if not math.isfinite(number):",
        "        if False:",
        "tests/test_reliability.py::test_a_snapshot_with_numbers_that_are_not_numbers_is_refused_by_name",
    ),
    (
        "a price below any card's is refused",
        "gpuplanner/catalog/pricelist.py",
        "    if amount < MIN_AMOUNT[currency]:",
        "    if False:",
        "tests/test_pricelist.py::test_numbers_that_are_not_prices_or_counts_are_rejected",
    ),
    (
        "output the terminal cannot encode is replaced",
        "gpuplanner/cli.py",
        '            stream.reconfigure(errors="replace")',
        "            pass",
        "tests/test_reliability.py::test_an_ascii_or_gbk_terminal_gets_replacement_characters_not_a_traceback",
    ),
]


def main() -> int:
    missed = 0
    for name, file, old, new, tests in MUTANTS:
        missed += not check(name, REPO_ROOT / file, old, new, tests)
    return 1 if missed else 0


def check(name: str, path: Path, old: str, new: str, tests: str) -> bool:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        print(f"{name}: the protected code moved; update tools/check_protections.py")
        return False
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests.split()],
            capture_output=True,
            text=True,
            timeout=240,
            cwd=REPO_ROOT,
        )
    except subprocess.TimeoutExpired:
        print(f"{name}: CAUGHT (the tests hung without it)", flush=True)
        return True
    finally:
        path.write_text(text, encoding="utf-8")
    last = (done.stdout.strip().splitlines() or ["no output"])[-1]
    print(f"{name}: {'CAUGHT' if done.returncode else 'MISSED'} ({last})", flush=True)
    return done.returncode != 0


if __name__ == "__main__":
    raise SystemExit(main())
