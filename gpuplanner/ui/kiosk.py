"""Kiosk mode: the wizard fullscreen and locked, the shop's header, and a reset after idle time.

Every customer gets a fresh wizard: the reset builds a new session, controller and window, so
nothing one customer typed can reach the next. Only the staff PIN leaves the kiosk.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QClipboard,
    QCloseEvent,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QPixmap,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.kiosk.config import KioskConfig
from gpuplanner.kiosk.idle import IdleClock
from gpuplanner.kiosk.pin import PinGate
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.pin_dialog import PinDialog, StaffMenu
from gpuplanner.ui.translator import LanguageSwitcher, tr

log = logging.getLogger(__name__)

INPUT_EVENTS = {
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseMove,
    QEvent.Type.KeyPress,
    QEvent.Type.Wheel,
    QEvent.Type.TouchBegin,
    QEvent.Type.TouchUpdate,
}

KIOSK_STYLE = """
QFrame#kioskHeader { background: #1f2933; }
QLabel#shopName { color: white; font-size: 20pt; font-weight: bold; }
QPushButton#staffButton { color: #9aa5b1; background: transparent; border: none; }
QFrame#countdown { background: rgba(20, 20, 20, 210); }
QLabel#countdownText { color: white; font-size: 26pt; }
"""


class KioskWindow(QWidget):
    def __init__(
        self,
        config: KioskConfig,
        make_main: Callable[[], MainWindow],
        on_language: Callable[[str], None],
        clock: Callable[[], float] = time.monotonic,
        on_exit: Callable[[], None] = QApplication.quit,
    ) -> None:
        super().__init__(
            None,
            Qt.WindowType.Window
            | Qt.WindowType.FramelessWindowHint
            | Qt.WindowType.WindowStaysOnTopHint,
        )
        self.setObjectName("kioskWindow")
        self.setStyleSheet(KIOSK_STYLE)
        self.config = config
        self.switcher: LanguageSwitcher | None = None  # the kiosk's translators, kept alive here
        self._make_main = make_main
        self._on_language = on_language
        self._on_exit = on_exit
        self._unlocked = False
        self.keep_fullscreen = False  # set when shown full screen: hold_screen keeps it so
        self.setWindowTitle(f"{config.shop_name} – gpuplanner")
        self._retired: list = []  # controllers of earlier customers whose jobs may still be running
        self.gate = PinGate(config.pin_hash, clock)
        self.dialog: QDialog | None = None
        self.resets = 0

        header = QFrame(self)
        header.setObjectName("kioskHeader")
        row = QHBoxLayout(header)
        row.setContentsMargins(16, 8, 16, 8)
        self.logo = QLabel(header)
        if config.logo is not None:
            pixmap = QPixmap(str(config.logo))
            if not pixmap.isNull():
                self.logo.setPixmap(
                    pixmap.scaledToHeight(48, Qt.TransformationMode.SmoothTransformation)
                )
        self.shop_label = QLabel(config.shop_name, header)
        self.shop_label.setTextFormat(Qt.TextFormat.PlainText)  # a name, never markup
        self.shop_label.setObjectName("shopName")
        self.staff_button = QPushButton(header)
        self.staff_button.setObjectName("staffButton")
        self.staff_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.staff_button.clicked.connect(self.ask_pin)
        row.addWidget(self.logo)
        row.addWidget(self.shop_label)
        row.addStretch(1)
        row.addWidget(self.staff_button)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._layout.addWidget(header)
        self.main = self._new_main()
        self._layout.addWidget(self.main, 1)

        self.countdown = QFrame(self)
        self.countdown.setObjectName("countdown")
        self.countdown_text = QLabel(self.countdown)
        self.countdown_text.setObjectName("countdownText")
        self.countdown_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.countdown_text.setWordWrap(True)
        self.continue_button = QPushButton(self.countdown)
        self.continue_button.clicked.connect(self.hide_countdown)
        box = QVBoxLayout(self.countdown)
        box.addStretch(1)
        box.addWidget(self.countdown_text)
        box.addWidget(self.continue_button, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addStretch(1)
        self.countdown.hide()

        QShortcut(QKeySequence("Ctrl+Alt+A"), self, self.ask_pin)
        self.retranslate()

    # -- the customer's wizard -----------------------------------------------------------------

    def _new_main(self) -> MainWindow:
        main = self._make_main()
        main.setWindowFlags(Qt.WindowType.Widget)
        main.language_requested.connect(self._on_language)
        return main

    def reset(self) -> None:
        """A fresh wizard for the next customer; nothing of the last one stays."""
        if self.dialog is not None:
            self.dialog.reject()
        old = self.main
        controller = old.controller
        if controller is not None:
            controller.cancel_probe()
            self._retired.append(controller)
        self._retired = [c for c in self._retired if c.running]
        self.main = self._new_main()
        self._layout.replaceWidget(old, self.main)
        old.hide()
        old.deleteLater()
        self.main.show()
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.clear(QClipboard.Mode.Clipboard)
            if clipboard.supportsSelection():  # X11's primary selection: what was highlighted
                clipboard.clear(QClipboard.Mode.Selection)
        self._on_language(self.config.language)
        self.hide_countdown()
        self.resets += 1
        log.info("kiosk: reset for the next customer (%d so far)", self.resets)

    # -- idle countdown -------------------------------------------------------------------------

    def show_countdown(self, seconds: int) -> None:
        self.countdown_text.setText(
            tr(
                "KioskWindow",
                "Are you still there? Starting over in {seconds} s.",
                seconds=str(seconds),
            )
        )
        self.countdown.setGeometry(self.rect())
        self.countdown.show()
        self.countdown.raise_()

    def hide_countdown(self) -> None:
        self.countdown.hide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.countdown.setGeometry(self.rect())
        super().resizeEvent(event)

    def hold_screen(self) -> bool:
        """Put the kiosk back over the whole screen if something outside it (another X client,
        a window manager's key) hid, minimised, moved or resized it; says so in the log. Only
        once it was shown full screen (``keep_fullscreen``), and never after staff let go."""
        if not self.keep_fullscreen or self._unlocked:
            return False
        screen = self.screen()
        # Covering the screen, or more of it where the window's least size is larger.
        covered = screen is None or self.geometry().contains(screen.geometry())
        if self.isVisible() and not self.isMinimized() and self.isFullScreen() and covered:
            return False
        log.warning(
            "kiosk: the window was hidden, moved or resized from outside (%dx%d at %d,%d); "
            "restored to the full screen",
            self.width(),
            self.height(),
            self.x(),
            self.y(),
        )
        if screen is not None:
            self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.raise_()
        self.activateWindow()
        return True

    # -- the way out ---------------------------------------------------------------------------

    def ask_pin(self) -> None:
        if self.dialog is not None:
            return
        self.dialog = PinDialog(self.gate, self)
        accepted = self.dialog.exec() == QDialog.DialogCode.Accepted
        self.dialog = None
        if not accepted:
            return
        self.dialog = StaffMenu(self)
        choice = self.dialog.exec()
        self.dialog = None
        if choice == StaffMenu.RESET:
            self.reset()
        elif choice == StaffMenu.EXIT:
            log.info("kiosk: staff left kiosk mode")
            self._unlocked = True
            self.close()
            self._on_exit()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._unlocked:
            super().closeEvent(event)
        else:
            log.info("kiosk: a close request was refused")
            event.ignore()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            return
        super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.staff_button.setText(self.tr("Staff"))
        self.staff_button.setAccessibleName(self.tr("Staff (PIN)"))
        self.continue_button.setText(self.tr("Continue"))


class KioskGuard(QObject):
    """App-wide: input restarts the idle clock; keys that close windows are swallowed."""

    def __init__(self, window: KioskWindow, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(window)
        self.window = window
        self.clock = clock
        config = window.config
        self.idle = IdleClock(config.idle_seconds, config.countdown_seconds, clock())
        self.timer = QTimer(self)
        self.timer.setInterval(250)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in INPUT_EVENTS:
            self.idle.poke(self.clock())
            if self.window.countdown.isVisible() and kind != QEvent.Type.MouseMove:
                self.window.hide_countdown()
        if kind == QEvent.Type.ContextMenu:
            return True  # no Cut/Copy/Paste menu anywhere: a kiosk has no clipboard
        if kind in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride) and isinstance(
            event, QKeyEvent
        ):
            return self._closing_key(event) or _clipboard_key(event)
        return False

    @staticmethod
    def _closing_key(event: QKeyEvent) -> bool:
        key, modifiers = event.key(), event.modifiers()
        if key == Qt.Key.Key_Escape:
            # Esc may cancel a staff dialog; it never leaves a page or the kiosk.
            return not isinstance(QApplication.activeModalWidget(), QDialog)
        if key == Qt.Key.Key_F4 and modifiers & Qt.KeyboardModifier.AltModifier:
            return True
        return key in (Qt.Key.Key_W, Qt.Key.Key_Q) and bool(
            modifiers & Qt.KeyboardModifier.ControlModifier
        )

    def tick(self) -> None:
        self.window.hold_screen()
        state = self.idle.state(self.clock())
        if state.phase == "reset":
            self.window.reset()
            self.idle.poke(self.clock())
        elif state.phase == "countdown":
            self.window.show_countdown(state.seconds_left)
        elif self.window.countdown.isVisible():
            self.window.hide_countdown()


_CLIPBOARD_KEYS = (
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
    QKeySequence.StandardKey.Paste,
)


def _clipboard_key(event: QKeyEvent) -> bool:
    """Ctrl+C, Ctrl+X, Ctrl+V and their platform twins (Ctrl+Insert, Shift+Delete, ...)."""
    return any(event.matches(key) for key in _CLIPBOARD_KEYS)


def logo_url(config: KioskConfig) -> str | None:
    return QUrl.fromLocalFile(str(config.logo)).toString() if config.logo else None
