"""What can be bought and for how much: the bundled GPU database and the user's own."""
