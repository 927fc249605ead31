"""What the tests and the benches share: a running ``cashrun``, a Socket.IO client, the browser's
settings and the page driver."""
