"""The job: what is to be run and what it needs, whatever card runs it.

Decides the workload presets (Keras models and LLMs, with the numbers the other rooms read), the
LLM inference engines and their weight formats, the TensorFlow routes and their multi-card
methods, the GPU memory a job needs (with the formula behind each part), and the one resolved
job (``resolve``) that every command and the wizard start from: no other module defaults a job
input. Sits above the request it resolves; below speed and the plan."""
