"""opsctl: the operator's command for a gameroom installation on Kubernetes.

`python -m opsctl status | scale-ai N | drain-gateway POD | autoscale`, built on the official
`kubernetes` client; it reads the same kubeconfig as kubectl.
"""
