"""svc-ai: chooses moves for CPU seats from a seat's view, never from the full state."""
