"""What every gRPC process shares: the generic family server, health, reflection, metrics."""
