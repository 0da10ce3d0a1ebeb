"""Sub-commands of ``gpuplanner``: each a short adapter from arguments to one library call."""
