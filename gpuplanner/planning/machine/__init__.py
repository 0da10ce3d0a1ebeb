"""The machine: what kind of computer it is and what it can take, before any job is asked.

Decides the machine's kind (laptop, desktop, workstation, server, cloud VM) and which findings
apply to each kind; the installed cards as planning knows them (``MachineFacts``, from the scan,
the probe and the catalog); the power numbers (sustained and transient draw, supplies, cables,
sockets) and what a lower power limit costs; the case and its cooling constants; the NVLink
bridge between an installed pair; the compute capability of a card the catalog lacks; whether
TensorFlow can use the GPUs at all. The lowest room above the shared records: it imports no
other room."""
