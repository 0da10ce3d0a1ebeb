"""Speed: how fast a card runs the resolved job, bounded by what is physically possible.

Decides the predicted training throughput (``training``) and LLM decode rate (``decode``), the
roofline ceiling no prediction may cross (dense peak and memory bandwidth), how batch and
sequence move a card off its saturated speed (the fitted fixed step time), how several cards
share one job over the links the machine has, and what the probe's measurement does to the
predictions. Reads the job room; knows nothing of prices."""
