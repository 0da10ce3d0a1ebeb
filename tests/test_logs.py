import logging

from gpuplanner.core import paths
from gpuplanner.core.logs import BACKUP_COUNT, LOG_FILE_NAME, RotatingFile, setup_logging


def _cleanup(handler):
    logging.getLogger().removeHandler(handler)
    handler.close()


def test_logs_go_to_a_rotating_file_in_the_user_log_folder():
    handler = setup_logging()
    try:
        assert isinstance(handler, RotatingFile)
        assert handler.backupCount == BACKUP_COUNT and handler.maxBytes > 0
        logging.getLogger("gpuplanner.test").info("hello log")
        handler.flush()
        text = (paths.user_log_dir() / LOG_FILE_NAME).read_text(encoding="utf-8")
        assert "hello log" in text
    finally:
        _cleanup(handler)


def test_the_log_rotates_and_keeps_its_backups(tmp_path):
    path = tmp_path / "gpuplanner.log"
    handler = RotatingFile(path, maxBytes=2_000, backupCount=2)
    handler.setFormatter(logging.Formatter("%(message)s"))
    try:
        for number in range(200):
            handler.emit(logging.makeLogRecord({"msg": f"line {number:04d} " + "x" * 40}))
    finally:
        handler.close()
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["gpuplanner.log", "gpuplanner.log.1", "gpuplanner.log.2"]
    assert all(p.stat().st_size < 2_000 for p in tmp_path.iterdir())
    assert "line 0199" in path.read_text(encoding="utf-8")  # the newest in the current file
    newest_backup = (tmp_path / "gpuplanner.log.1").read_text(encoding="utf-8")
    assert newest_backup.split()[-2] < "line 0199"


def test_setup_twice_does_not_duplicate_handlers():
    first = setup_logging()
    second = setup_logging()
    try:
        ours = [h for h in logging.getLogger().handlers if getattr(h, "_gpuplanner", False)]
        assert ours == [second]
    finally:
        _cleanup(second)
        first.close()


def test_an_unwritable_log_folder_falls_back_to_stderr(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be")
    monkeypatch.setenv("GPUPLANNER_HOME", str(blocker))
    assert setup_logging() is None
    assert "cannot write the log folder" in capsys.readouterr().err
    for handler in [h for h in logging.getLogger().handlers if getattr(h, "_gpuplanner", False)]:
        _cleanup(handler)


def test_user_folders_follow_gpuplanner_home(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUPLANNER_HOME", str(tmp_path))
    assert paths.user_data_dir() == tmp_path / "data"
    assert paths.user_log_dir() == tmp_path / "logs"
    assert paths.user_config_dir() == tmp_path / "config"


def test_resources_are_found():
    assert (paths.resource_path("i18n") / "gpuplanner_zh_CN.ts").is_file()
