; Inno Setup script for gpuplanner on Windows (Inno Setup 6).
;   1. Build the bundle:  set GPUPLANNER_FLAVOUR=lite  &  pyinstaller --noconfirm installer\gpuplanner.spec
;   2. Compile:           iscc /DVersion=VERSION /DFlavour=lite installer\windows\gpuplanner.iss
;      VERSION is gpuplanner.__version__, the one place the version is written:
;      python -c "import gpuplanner; print(gpuplanner.__version__)"
; Output: dist\gpuplanner-<version>-windows-x64-<flavour>-setup.exe
; Installs per user by default (no administrator needed); uninstalls cleanly, keeping the
; user's settings and saved data unless they choose to remove them.

#ifndef Version
  #error Pass the version: iscc /DVersion=<gpuplanner.__version__> (it is written nowhere else)
#endif
#ifndef Flavour
  #define Flavour "lite"
#endif
#define Bundle "..\..\dist\gpuplanner"

[Setup]
AppId={{6E0C3A47-8B2D-4F5E-9C61-1D7A2B9E4F30}
AppName=gpuplanner
AppVersion={#Version}
AppVerName=gpuplanner {#Version}
AppPublisher=gpuplanner
DefaultDirName={autopf}\gpuplanner
DefaultGroupName=gpuplanner
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=gpuplanner-{#Version}-windows-x64-{#Flavour}-setup
SetupIconFile=..\..\resources\icons\gpuplanner.ico
UninstallDisplayIcon={app}\gpuplanner-gui.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "zh_CN"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "{#Bundle}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
; Shortcuts start the console-less program; gpuplanner.exe stays for the command line.
Name: "{autoprograms}\gpuplanner"; Filename: "{app}\gpuplanner-gui.exe"; WorkingDir: "{app}"
Name: "{autodesktop}\gpuplanner"; Filename: "{app}\gpuplanner-gui.exe"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\gpuplanner-gui.exe"; Description: "{cm:LaunchProgram,gpuplanner}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Files the app writes inside its own folder (none by design), and PyInstaller's caches.
Type: filesandordirs; Name: "{app}\__pycache__"

[Code]
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if (CurUninstallStep = usPostUninstall) and
     (MsgBox('Also remove your gpuplanner settings, saved scans, price lists and logs?',
             mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES) then
  begin
    DelTree(ExpandConstant('{localappdata}\gpuplanner'), True, True, True);
    DelTree(ExpandConstant('{userappdata}\gpuplanner'), True, True, True);
  end;
end;
