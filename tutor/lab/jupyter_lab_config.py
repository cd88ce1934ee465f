"""JupyterLab as `make lab` starts it: `jupyter lab --config=tutor/lab/jupyter_lab_config.py`.

The notebooks are the course's source, so saving one from JupyterLab (by hand or by autosave)
must leave only what is committed: every save goes through `tutor.notebooks.pre_save`, which
drops widget state, cell metadata and every output except the stored worked examples nbval
checks. `settings/overrides.json` turns off the widget manager's "save widget state" too.
"""

from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821

c.ContentsManager.pre_save_hook = "tutor.notebooks.pre_save"
c.LabApp.app_settings_dir = str(Path(__file__).resolve().parent / "settings")
c.ServerApp.ip = "127.0.0.1"
c.ServerApp.open_browser = False
