"""How fast this machine's TensorFlow really is: a worker in a child Python, and its runner."""
