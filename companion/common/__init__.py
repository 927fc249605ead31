"""What every room of the host uses: the one refusal (``errors``) and the injectable clocks (``timers``)."""
