"""Server reflection under both names clients ask for: `grpc.reflection.v1` (grpcurl, Postman
and current grpc libraries try it first) and `grpc.reflection.v1alpha` (older tools).

grpcio-reflection (1.85) ships only v1alpha. The v1 service is the same protocol renamed: its
messages have the same fields under the same numbers, so the library's servicer answers v1
calls byte for byte, and v1's descriptor is v1alpha's with the package renamed (so a client can
describe the reflection service itself)."""

from __future__ import annotations

from collections.abc import Iterable

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection, reflection_pb2

V1ALPHA = "grpc.reflection.v1alpha"
V1 = "grpc.reflection.v1"
V1_SERVICE_NAME = f"{V1}.ServerReflection"
V1ALPHA_SERVICE_NAME = reflection.SERVICE_NAME


def v1_file() -> descriptor_pb2.FileDescriptorProto:
    """grpc/reflection/v1/reflection.proto, built from the v1alpha file the library ships."""
    file = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(file)
    file.name = "grpc/reflection/v1/reflection.proto"
    file.package = V1
    file.ClearField("options")
    for message in file.message_type:
        for field in message.field:
            if field.type_name:  # set only on message fields
                field.type_name = field.type_name.replace(f".{V1ALPHA}.", f".{V1}.")
    for service in file.service:
        for method in service.method:
            method.input_type = method.input_type.replace(f".{V1ALPHA}.", f".{V1}.")
            method.output_type = method.output_type.replace(f".{V1ALPHA}.", f".{V1}.")
    return file


def _add_v1_descriptor(pool: descriptor_pool.DescriptorPool) -> None:
    try:
        pool.FindServiceByName(V1_SERVICE_NAME)
    except KeyError:
        pool.AddSerializedFile(v1_file().SerializeToString())


def enable_reflection(service_names: Iterable[str], server: grpc.aio.Server) -> None:
    """Serve reflection (v1 and v1alpha) listing `service_names` and both reflection services."""
    pool = descriptor_pool.Default()
    _add_v1_descriptor(pool)
    servicer = reflection.aio.ReflectionServicer([*service_names, V1_SERVICE_NAME, V1ALPHA_SERVICE_NAME], pool=pool)
    handler = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    for service in (V1_SERVICE_NAME, V1ALPHA_SERVICE_NAME):
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(service, {"ServerReflectionInfo": handler}),)
        )
